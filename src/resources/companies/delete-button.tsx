import { useCustomMutation, useGo, useInvalidate, useNotification, useTranslate, type HttpError } from "@refinedev/core";
import { App, Button } from "antd";
import { DeleteOutlined } from "@ant-design/icons";
import { COMPANY_DELETE_CONFIRM, type Company } from "@/domain/companies";
import { DIALOG_COLORS, DIALOG_TEXTS } from "@/components/dialogs";

export interface CompanyDeleteButtonProps {
  company: Pick<Company, "id" | "name">;
  hideText?: boolean;
  /** Where to go once removed (the list, from the company's own pages). */
  redirectTo?: string;
}

/**
 * Removing a company asks twice when it matters: the spec's 'Você tem certeza?' first; then, if the
 * server answers that users or data would go with it (409, counting them), a second confirmation
 * with that message before removing everything.
 */
export function CompanyDeleteButton({ company, hideText, redirectTo }: CompanyDeleteButtonProps) {
  const t = useTranslate();
  const { modal } = App.useApp();
  const go = useGo();
  const invalidate = useInvalidate();
  const { open } = useNotification();
  const { mutateAsync, mutation } = useCustomMutation<Company, HttpError>();

  const remove = (confirm: boolean) =>
    mutateAsync({
      url: `/api/companies/${company.id}${confirm ? `?${COMPANY_DELETE_CONFIRM}=true` : ""}`,
      method: "delete",
      values: {},
      successNotification: false,
      errorNotification: false,
    });

  const finished = async () => {
    open?.({ type: "success", message: DIALOG_TEXTS.success, description: t("companies.delete.done") });
    await invalidate({ resource: "companies", invalidates: ["list", "many"] });
    if (redirectTo) go({ to: redirectTo, type: "replace" });
  };

  const failed = (error: HttpError) => open?.({ type: "error", message: DIALOG_TEXTS.error, description: error.message });

  /** The spec's removal dialog: 'Sim remover' in red, a loader while removing, no outside click. */
  const confirmRemoval = (title: string, content: string, confirm: boolean) =>
    modal.confirm({
      title,
      content,
      okText: DIALOG_TEXTS.yesRemove,
      cancelText: DIALOG_TEXTS.cancel,
      okButtonProps: { danger: true, style: { background: DIALOG_COLORS.deny } },
      maskClosable: false,
      onOk: async () => {
        try {
          await remove(confirm);
          await finished();
        } catch (error) {
          const httpError = error as HttpError;
          // Users or data would go with it: the server says what, and asks for a second yes.
          if (!confirm && httpError.statusCode === 409) confirmRemoval(t("companies.delete.confirmTitle"), httpError.message, true);
          else failed(httpError);
        }
      },
    });

  const ask = () => confirmRemoval(DIALOG_TEXTS.confirm, company.name, false);

  return (
    <Button danger icon={<DeleteOutlined />} onClick={ask} loading={mutation.isPending} aria-label={`${t("buttons.delete")} ${company.name}`}>
      {hideText ? null : t("buttons.delete")}
    </Button>
  );
}
