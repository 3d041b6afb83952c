import type { ReactNode } from "react";
import { Outlet } from "react-router";
import { useForm } from "@refinedev/antd";
import { Create, Edit } from "@/components/page-frame";
import { useGo, type BaseRecord, type HttpError } from "@refinedev/core";
import { Form, Result, type FormInstance, type FormProps } from "antd";
import type { ZodType } from "zod";
import { slugify, type CategoryScope } from "@/domain/content";
import { screenUrl } from "@/domain/admin-screens";
import { FormSections } from "@/components/resource";
import { useEditForm } from "@/components/resource/edit-form";
import type { ResourceFields } from "@/components/resource/fields";
import { MarkdownEditor } from "@/components/markdown-editor";
import { zodRule } from "@/lib/zod-rule";
import { useRouteParam } from "@/lib/use-route-param";
import { useT } from "@/providers/i18n";
import { AddCategoryModal, CategoryChooser, CategoryPicker, useRoutedCategoryFlow, useStateCategoryFlow, type CategoryFlow } from "./category-flow";

/**
 * The create and edit pages of a content area (blog, legislation): the field description's sections,
 * the category as a step over the form, and for articles the Markdown body. Edits send the record's
 * version (useEditForm). Each area binds it with `pageWith` in its index.
 */
export interface ContentFormProps {
  resource: "legislations" | "blog-posts" | "alerts" | "document-models" | "tutorials";
  /** The category's area; without one the form has no category. */
  scope?: CategoryScope;
  fields: ResourceFields<never>;
  /** `routed`: the category steps are the nested routes `select-category` / `add-category`; `state`: they live in the page. */
  steps: "routed" | "state";
  /** The Markdown body field, with its rules. */
  markdown?: { name: string; label: "content.fields.body" | "content.fields.tutorialBody"; schema: ZodType };
  /** Fields of the area's own kind, after the sections (the alerts' municipalities). */
  extra?: ReactNode;
}

function useBackToList(resource: ContentFormProps["resource"]) {
  const go = useGo();
  return () => go({ to: screenUrl(resource, "list") });
}

export function ContentCreatePage(props: ContentFormProps) {
  const t = useT();
  const back = useBackToList(props.resource);
  const { formProps, saveButtonProps, form } = useForm<BaseRecord, HttpError>({ resource: props.resource, action: "create", redirect: false, onMutationSuccess: back });
  return (
    <Create resource={props.resource} title={props.fields.titles?.create ? t(props.fields.titles.create) : undefined} saveButtonProps={saveButtonProps}>
      <ContentForm {...props} form={form} formProps={{ ...formProps, initialValues: props.fields.defaults?.() }} slugFollowsTitle={props.resource === "blog-posts"} />
    </Create>
  );
}

export function ContentEditPage(props: ContentFormProps) {
  const t = useT();
  const id = useRouteParam("id");
  const back = useBackToList(props.resource);
  const { formProps, saveButtonProps, query, record, conflict, form } = useEditForm<BaseRecord>({ resource: props.resource, id, onSaved: back });
  if (query?.isError) return <Result status="404" title={t("resource.notFound")} />;
  return (
    <Edit resource={props.resource} recordItemId={id} title={props.fields.titles?.edit ? t(props.fields.titles.edit) : undefined} isLoading={query?.isLoading} saveButtonProps={saveButtonProps}>
      {conflict}
      <ContentForm {...props} form={form} formProps={formProps} record={record} />
    </Edit>
  );
}

interface ContentFormInnerProps extends ContentFormProps {
  form: FormInstance;
  // antd types a Refine form as FormProps<{}>: the values are the record's fields.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  formProps: FormProps<{}>;
  record?: BaseRecord;
  /** On a new article, the slug is written from the title until the person edits it. */
  slugFollowsTitle?: boolean;
}

function ContentForm({ scope, fields, steps, markdown, extra, form, formProps, record, slugFollowsTitle }: ContentFormInnerProps) {
  const t = useT();
  const chosen = (Form.useWatch("categoryId", form) as number | null | undefined) ?? null;
  const setChosen = (id: number | null) => form.setFieldValue("categoryId", id);
  // Hooks run on every form; without a scope their flow is simply never shown.
  const routed = useRoutedCategoryFlow(scope ?? "blog", chosen, setChosen);
  const local = useStateCategoryFlow(scope ?? "blog", chosen, setChosen);
  const flow: CategoryFlow = steps === "routed" ? routed : local.flow;
  const onValuesChange = (changed: Record<string, unknown>, all: object) => {
    formProps.onValuesChange?.(changed, all);
    if (slugFollowsTitle && typeof changed.title === "string" && !form.isFieldTouched("slug")) form.setFieldValue("slug", slugify(changed.title));
  };
  let over: ReactNode = null;
  if (!scope) over = null;
  else if (steps === "routed") over = <Outlet context={flow} />;
  else if (local.step === "picker") over = <CategoryPicker flow={flow} />;
  else if (local.step === "add") over = (
    <>
      <CategoryPicker flow={flow} />
      <AddCategoryModal flow={flow} />
    </>
  );
  return (
    <>
      <Form {...formProps} onValuesChange={onValuesChange} layout="vertical" scrollToFirstError>
        <FormSections sections={fields.sections} schema={fields.schema} record={record as never} />
        {extra}
        {scope ? (
          <Form.Item name="categoryId" label={t("content.category")}>
            <CategoryChooser flow={flow} />
          </Form.Item>
        ) : null}
        {markdown ? (
          <Form.Item name={markdown.name} label={t(markdown.label)} rules={[zodRule(markdown.schema)]} required>
            <MarkdownEditor aria-label={t(markdown.label)} />
          </Form.Item>
        ) : null}
      </Form>
      {over}
    </>
  );
}
