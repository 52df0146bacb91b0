import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import type { ReactNode } from 'react';

interface Props {
  /** The primary button's label, which is also its accessible name. */
  confirmLabel: ReactNode;
  /** What the primary button does; without it the button submits the dialog's form. */
  onConfirm?: () => void;
  onCancel: () => void;
  cancelLabel?: string;
  /** The dialog's call is in flight: the primary button shows it (spinner, `aria-busy`) and cannot be pressed. */
  isBusy?: boolean;
  /** The primary button cannot be pressed yet (nothing chosen, a name is wrong, a check is pending). */
  disabled?: boolean;
  /** `error` for what cannot be undone (delete, remove). */
  color?: 'primary' | 'error';
  /** The button that has focus when the dialog opens, when no field should. */
  autoFocus?: 'confirm' | 'cancel';
}

/** A dialog's footer: Cancel, then the primary action, which is busy while the dialog's call runs. */
export function DialogFooter({
  confirmLabel,
  onConfirm,
  onCancel,
  cancelLabel = 'Cancel',
  isBusy = false,
  disabled = false,
  color = 'primary',
  autoFocus,
}: Props) {
  return (
    <DialogActions>
      <Button onClick={onCancel} autoFocus={autoFocus === 'cancel'}>
        {cancelLabel}
      </Button>
      <Button
        type={onConfirm ? 'button' : 'submit'}
        onClick={onConfirm}
        variant="contained"
        color={color}
        loading={isBusy}
        disabled={disabled}
        aria-busy={isBusy}
        autoFocus={autoFocus === 'confirm'}
      >
        {confirmLabel}
      </Button>
    </DialogActions>
  );
}
