import { useCustomMutation, useGo, useInvalidate, useNotification, type HttpError } from "@refinedev/core";
import { useT } from "@/providers/i18n";
import { Button } from "antd";
import { Tooltip } from "@/components/tooltip";
import { DeleteOutlined } from "@ant-design/icons";
import { COMPANY_DELETE_CONFIRM, type Company } from "@/domain/companies";
import { DIALOG_TEXTS, useDialogs } from "@/components/dialogs";

export interface CompanyDeleteButtonProps {
  company: Pick<Company, "id" | "name">;
  hideText?: boolean;
  /** Where to go once removed (the list, from the company's own pages). */
  redirectTo?: string;
}

/**
 * Removing a company asks twice when it matters: the spec's 'Você tem certeza?' first; then, if the
 * server answers that users or data would go with it (409, counting them), a second 'Sim remover'
 * on that message before everything goes. A refusal stays in the dialog, as in DeleteButton.
 */
export function CompanyDeleteButton({ company, hideText, redirectTo }: CompanyDeleteButtonProps) {
  const t = useT();
  const dialogs = useDialogs();
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

  const ask = async () => {
    let pending: string | null = null;
    const first = await dialogs.confirm({
      text: company.name,
      danger: true,
      onConfirm: () =>
        remove(false).catch((error: HttpError) => {
          // Users or data would go with it: the server says what, and a second yes is needed.
          if (error.statusCode !== 409) throw error;
          pending = error.message;
        }),
    });
    if (first !== "confirmed") return;
    if (pending === null) return finished();
    const second = await dialogs.confirm({ title: t("companies.delete.confirmTitle"), text: pending, danger: true, onConfirm: () => remove(true) });
    if (second === "confirmed") await finished();
  };

  return (
    <Tooltip title={hideText ? `${t("buttons.delete")} ${company.name}` : undefined}>
      <Button danger icon={<DeleteOutlined />} onClick={() => void ask()} loading={mutation.isPending} aria-label={`${t("buttons.delete")} ${company.name}`}>
        {hideText ? null : t("buttons.delete")}
      </Button>
    </Tooltip>
  );
}
