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

  const confirmAll = (message: string) =>
    modal.confirm({
      title: t("companies.delete.confirmTitle"),
      content: message,
      okText: DIALOG_TEXTS.yesRemove,
      cancelText: DIALOG_TEXTS.cancel,
      okButtonProps: { danger: true, style: { background: DIALOG_COLORS.deny } },
      maskClosable: false,
      onOk: async () => {
        try {
          await remove(true);
          await finished();
        } catch (error) {
          failed(error as HttpError);
        }
      },
    });

  const ask = () =>
    modal.confirm({
      title: DIALOG_TEXTS.confirm,
      content: company.name,
      okText: DIALOG_TEXTS.yesRemove,
      cancelText: DIALOG_TEXTS.cancel,
      okButtonProps: { danger: true, style: { background: DIALOG_COLORS.deny } },
      maskClosable: false,
      onOk: async () => {
        try {
          await remove(false);
          await finished();
        } catch (error) {
          const httpError = error as HttpError;
          if (httpError.statusCode === 409) confirmAll(httpError.message);
          else failed(httpError);
        }
      },
    });

  return (
    <Button danger icon={<DeleteOutlined />} onClick={ask} loading={mutation.isPending} aria-label={`${t("buttons.delete")} ${company.name}`}>
      {hideText ? null : t("buttons.delete")}
    </Button>
  );
}
