import { Button } from "antd";
import { Tooltip } from "@/components/tooltip";
import { DeleteOutlined } from "@ant-design/icons";
import { useDelete, useDeleteButton, useMutationMode, useResourceParams, useWarnAboutChange } from "@refinedev/core";
import type { DeleteButtonProps } from "@refinedev/antd";
import { useDialogs } from "./dialog-provider";
import { DIALOG_TEXTS } from "./texts";

export interface RemoveButtonProps extends DeleteButtonProps {
  /**
   * Told true just before the removal is sent and false if it fails. A page showing the record
   * pauses its own query meanwhile: Refine drops the record from the cache on success, and a page
   * still mounted would fetch it again (a 404).
   */
  onRemovingChange?: (removing: boolean) => void;
}

/**
 * The one delete button of the app (same props as Refine's): asks 'Você tem certeza?' with the red
 * 'Sim remover', shows a loader while the record is removed, and cannot be dismissed meanwhile.
 */
export function DeleteButton({
  onRemovingChange,
  resource: resourceName,
  recordItemId,
  onSuccess,
  mutationMode: mutationModeProp,
  children,
  successNotification,
  errorNotification,
  hideText = false,
  accessControl,
  meta,
  dataProviderName,
  confirmTitle,
  confirmOkText,
  confirmCancelText: _confirmCancelText, // the spec's dialog always reads 'Cancelar'
  invalidates,
  ...rest
}: RemoveButtonProps) {
  const dialogs = useDialogs();
  const { title, label, hidden, disabled } = useDeleteButton({ resource: resourceName, id: recordItemId, dataProviderName, meta, accessControl });
  const { id, identifier } = useResourceParams({ resource: resourceName, id: recordItemId });
  const { mutationMode } = useMutationMode(mutationModeProp);
  const { setWarnWhen } = useWarnAboutChange();
  const { mutateAsync, mutation } = useDelete();

  if (hidden || rest.hidden) return null;
  const isDisabled = disabled || rest.disabled;

  const remove = () => {
    onRemovingChange?.(true);
    return mutateAsync({ id: id!, resource: identifier!, mutationMode, successNotification, errorNotification, meta, dataProviderName, invalidates }).then(
      (result) => onSuccess?.(result),
      (error: unknown) => {
        onRemovingChange?.(false);
        throw error;
      },
    );
  };

  const ask = () => {
    if (!id || !identifier) return;
    setWarnWhen(false);
    void dialogs.confirm({ title: confirmTitle ?? DIALOG_TEXTS.confirm, danger: true, confirmText: confirmOkText, onConfirm: remove });
  };

  // Icon only: the label (the row's own, when given) is its name and its tooltip.
  const name = hideText ? (rest["aria-label"] ?? label) : undefined;
  return (
    <Tooltip title={name}>
      <Button
        danger
        icon={<DeleteOutlined />}
        title={title}
        loading={mutation.isPending && mutation.variables?.id === id}
        data-testid="refine-delete-button"
        className="refine-delete-button"
        {...rest}
        aria-label={name ?? rest["aria-label"]}
        disabled={isDisabled}
        onClick={ask}
      >
        {!hideText && (children ?? label)}
      </Button>
    </Tooltip>
  );
}
