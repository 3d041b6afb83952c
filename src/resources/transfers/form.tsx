import { useParams } from "react-router";
import { useForm } from "@refinedev/antd";
import { Create, Edit } from "@/components/page-frame";
import { PageTitle } from "@/components/page-title";
import { Link, useGo, useInvalidate, type HttpError } from "@refinedev/core";
import { Card, Form, Result } from "antd";
import { FormSections, useEditForm } from "@/components/resource";
import { useActiveCompanyId } from "@/lib/use-active-company";
import { useT } from "@/providers/i18n";
import { infoPath, listPath, type TransferKindConfig, type TransferShape } from "./kinds";
import { TransferNotFound, useRouteTransfer } from "./route-transfer";
import { actsAcrossClients } from "@/domain/guards";

/** An ADMIN acts in one municipality at a time: without authComp there is no company to write in. */
function ChooseCompany() {
  const t = useT();
  return (
    <Card>
      <Result status="info" title={<PageTitle>{t("transfers.form.chooseCompanyTitle")}</PageTitle>} subTitle={t("transfers.form.chooseCompany")} />
    </Card>
  );
}

function useNeedsCompany() {
  const { companyId, role, isLoading } = useActiveCompanyId();
  return !isLoading && actsAcrossClients(role) && companyId === null;
}

/** After a write, the lists, the info page (read by its route id) and the dashboard are stale. */
function useAfterSave(config: TransferKindConfig) {
  const invalidate = useInvalidate();
  const go = useGo();
  return async (record: TransferShape) => {
    await Promise.all([invalidate({ resource: config.resource, invalidates: ["all"] }), invalidate({ resource: "dashboard", invalidates: ["all"] })]);
    go({ to: infoPath(config, String(record[config.keyField])), type: "push" });
  };
}

/** {list}/create: a new transfer of the active company; then its info page. */
export function TransferCreate({ config }: { config: TransferKindConfig }) {
  const t = useT();
  const afterSave = useAfterSave(config);
  const needsCompany = useNeedsCompany();
  const { formProps, saveButtonProps } = useForm<TransferShape, HttpError>({
    resource: config.resource,
    action: "create",
    redirect: false,
    onMutationSuccess: ({ data }) => afterSave(data),
  });
  if (needsCompany) return <ChooseCompany />;
  const { fields } = config;
  return (
    <Create title={t(config.createTitleKey)} resource={config.resource} saveButtonProps={saveButtonProps} backTo={listPath(config)}>
      <Form {...formProps} layout="vertical" initialValues={fields.defaults?.()} scrollToFirstError>
        <FormSections sections={fields.sections} schema={fields.schema} updateSchema={fields.updateSchema} />
      </Form>
    </Create>
  );
}

/**
 * {list}/edit/{NR_TRANSFER}: corrects a transfer; then back to its info page. The route names it by
 * its natural key: it is read once by that key, and the form saves it by its id with its version.
 */
export function TransferEdit({ config }: { config: TransferKindConfig }) {
  const t = useT();
  const { id: key = "" } = useParams();
  const afterSave = useAfterSave(config);
  const needsCompany = useNeedsCompany();
  const { result: transfer, query } = useRouteTransfer(config, key, !needsCompany);
  const { formProps, saveButtonProps, conflict } = useEditForm<TransferShape>({
    resource: config.resource,
    record: transfer,
    reload: query.refetch,
    onSaved: afterSave,
  });
  if (needsCompany) return <ChooseCompany />;
  if (query.isError) return <TransferNotFound config={config} />;
  const back = infoPath(config, key);
  const { fields } = config;
  return (
    <Edit
      title={t(config.editTitleKey, { nr: key })}
      resource={config.resource}
      recordItemId={transfer?.id}
      isLoading={!transfer && query.isLoading}
      saveButtonProps={{ ...saveButtonProps, disabled: !transfer || saveButtonProps.disabled }}
      backTo={back}
      canDelete={false}
      headerButtons={<Link to={back}>{t("transfers.form.back")}</Link>}
    >
      {conflict}
      {transfer ? (
        <Form {...formProps} layout="vertical" scrollToFirstError>
          <FormSections sections={fields.sections} schema={fields.schema} updateSchema={fields.updateSchema} record={transfer} />
        </Form>
      ) : null}
    </Edit>
  );
}
