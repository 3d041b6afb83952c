export { DIALOG_COLORS, DIALOG_TEXTS } from "./texts";
export { DialogProvider, useDialogs, type ConfirmOptions, type DialogResult, type Dialogs } from "./dialog-provider";
export { DeleteButton } from "./delete-button";
