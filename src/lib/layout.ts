/** The CSS variable an overlay fixed at the bottom of the window (the upload panel) sets to its height. */
export const BOTTOM_OVERLAY_VAR = '--quire-bottom-overlay';

/** `calc`-ready: the space to keep free at the bottom of the window, 0 without an overlay. */
export const bottomOverlay = `var(${BOTTOM_OVERLAY_VAR}, 0px)`;
