/** The height of the table's header row, which the selection toolbar covers while something is selected. */
export const HEADER_HEIGHT = 48;

/** The width of the checkbox column: on wider screens the selection toolbar leaves "Select all" uncovered. */
export const CHECKBOX_COLUMN_WIDTH = 48;

/** The height of the strip above the table that shows "Updating". */
export const PROGRESS_HEIGHT = 4;
