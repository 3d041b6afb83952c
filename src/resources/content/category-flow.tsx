import { useState } from "react";
import { useLocation, useOutletContext, useResolvedPath } from "react-router";
import { useForm } from "@refinedev/antd";
import { useGo, useWarnAboutChange, type HttpError } from "@refinedev/core";
import { Button, ColorPicker, Drawer, Empty, Form, Input, InputNumber, List, Modal, Space, Tag } from "antd";
import { CheckOutlined, PlusOutlined } from "@ant-design/icons";
import { slugify, type Category, type CategoryScope } from "@/domain/content";
import { useT } from "@/providers/i18n";
import { useCategories } from "./categories";
import { CategoryTag } from "./category-tag";

/**
 * Choosing a content record's category is a step of its form: a drawer over the form lists the area's
 * categories, and from it a modal adds one, which comes back chosen. Legislation (and models, tutorials)
 * give each step its own URL (`…/select-category`, `…/select-category/add-category`, nested routes that
 * read this flow from the form's `<Outlet context>`); the blog keeps the steps in the page's state.
 */
export interface CategoryFlow {
  scope: CategoryScope;
  chosen: number | null;
  choose: (id: number | null) => void;
  openPicker: () => void;
  openAdd: () => void;
  close: () => void;
}

type Step = "closed" | "picker" | "add";

/**
 * The flow of a form whose steps are nested routes: it navigates, keeping the query string (`authComp`).
 * A step replaces the history entry (Back leaves the form, as from the form itself) and is no departure:
 * the unsaved-changes guard, which Refine clears on every path change, stays as it was.
 */
export function useRoutedCategoryFlow(scope: CategoryScope, chosen: number | null, setChosen: (id: number | null) => void): CategoryFlow {
  const navigate = useGo();
  const { search } = useLocation();
  const { warnWhen, setWarnWhen } = useWarnAboutChange();
  const base = useResolvedPath(".").pathname.replace(/\/$/, "");
  const go = (path: string) => {
    const unsaved = warnWhen;
    navigate({ to: `${base}${path}${search}`, type: "replace" });
    if (unsaved) setTimeout(() => setWarnWhen(true), 0);
  };
  return {
    scope,
    chosen,
    choose: (id) => {
      setChosen(id);
      go("/select-category");
    },
    openPicker: () => go("/select-category"),
    openAdd: () => go("/select-category/add-category"),
    close: () => go(""),
  };
}

/** The flow of a form that keeps the steps in its own state; `step` says what to render over it. */
export function useStateCategoryFlow(scope: CategoryScope, chosen: number | null, setChosen: (id: number | null) => void) {
  const [step, setStep] = useState<Step>("closed");
  const flow: CategoryFlow = {
    scope,
    chosen,
    choose: (id) => {
      setChosen(id);
      setStep("picker");
    },
    openPicker: () => setStep("picker"),
    openAdd: () => setStep("add"),
    close: () => setStep("closed"),
  };
  return { flow, step };
}

/** What the form shows in place of an input: the chosen category and the button that opens the picker. */
export function CategoryChooser({ flow }: { flow: CategoryFlow }) {
  const t = useT();
  const { categoryOf } = useCategories(flow.scope);
  const category = categoryOf(flow.chosen);
  return (
    <Space wrap>
      {category ? <CategoryTag category={category} /> : <Tag>{t("content.noCategory")}</Tag>}
      <Button onClick={flow.openPicker}>{category ? t("content.categories.change") : t("content.categories.choose")}</Button>
    </Space>
  );
}

/** The picker: the area's categories in their order, the chosen one marked; "Nova categoria" opens the add step. */
export function CategoryPicker({ flow }: { flow: CategoryFlow }) {
  const t = useT();
  const { rows } = useCategories(flow.scope);
  return (
    <Drawer
      open
      title={t("content.categories.pickerTitle")}
      onClose={flow.close}
      width={420}
      extra={
        <Button icon={<PlusOutlined />} onClick={flow.openAdd}>
          {t("content.categories.add")}
        </Button>
      }
      footer={
        <Space style={{ justifyContent: "space-between", width: "100%" }}>
          <Button onClick={() => flow.choose(null)}>{t("content.categories.clear")}</Button>
          <Button type="primary" onClick={flow.close}>
            {t("content.categories.done")}
          </Button>
        </Space>
      }
    >
      {rows.length === 0 ? <Empty description={t("content.categories.none")} /> : null}
      <List<Category>
        dataSource={rows}
        rowKey="id"
        renderItem={(category) => {
          const chosen = category.id === flow.chosen;
          return (
            <List.Item
              actions={[
                chosen ? (
                  <Tag key="chosen" icon={<CheckOutlined />} color="green">
                    {t("content.categories.chosen")}
                  </Tag>
                ) : (
                  <Button key="pick" size="small" onClick={() => flow.choose(category.id)} aria-label={`${t("content.categories.pick")} ${category.name}`}>
                    {t("content.categories.pick")}
                  </Button>
                ),
              ]}
            >
              <CategoryTag category={category} />
            </List.Item>
          );
        }}
      />
    </Drawer>
  );
}

interface NewCategory {
  name: string;
  color: string;
  order: number;
}

/** Adds a category to the area (ADMIN): the server's messages land on the fields; once saved it comes back chosen. */
export function AddCategoryModal({ flow }: { flow: CategoryFlow }) {
  const t = useT();
  const { formProps, saveButtonProps } = useForm<Category, HttpError, NewCategory & { scope: CategoryScope; slug: string }>({
    resource: "categories",
    action: "create",
    redirect: false,
    onMutationSuccess: ({ data }) => flow.choose(data.id),
  });
  const onFinish = (values: NewCategory & { slug?: string }) =>
    formProps.onFinish?.({ ...values, color: values.color || "#1677ff", scope: flow.scope, slug: values.slug || slugify(values.name) });
  // The identifier follows the name until the person writes one of their own.
  const onValuesChange = (changed: Partial<NewCategory>) => {
    if (changed.name !== undefined && !formProps.form?.isFieldTouched("slug")) formProps.form?.setFieldValue("slug", slugify(changed.name));
  };
  return (
    <Modal
      open
      title={t("content.categories.addTitle")}
      onCancel={flow.openPicker}
      onOk={() => formProps.form?.submit()}
      okButtonProps={{ loading: saveButtonProps.loading }}
      okText={t("buttons.save")}
      // Over the picker's drawer, which may mount after it.
      zIndex={1100}
      destroyOnHidden
    >
      <Form {...formProps} onFinish={onFinish} onValuesChange={onValuesChange} layout="vertical" initialValues={{ color: "#1677ff", order: 0 }}>
        <Form.Item name="name" label={t("content.categories.name")} rules={[{ required: true, whitespace: true, message: t("content.categories.nameRequired") }]}>
          <Input maxLength={80} autoFocus />
        </Form.Item>
        <Form.Item name="slug" label={t("content.fields.slug")} extra={t("content.fields.slugHint")}>
          <Input maxLength={120} />
        </Form.Item>
        <Form.Item name="color" label={t("content.categories.color")} getValueFromEvent={(color: { toHexString: () => string }) => color.toHexString()}>
          <ColorPicker disabledAlpha format="hex" />
        </Form.Item>
        <Form.Item name="order" label={t("content.categories.order")}>
          <InputNumber min={0} max={10000} precision={0} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The `select-category` step as a nested route of a form. */
export function SelectCategoryStep() {
  return <CategoryPicker flow={useOutletContext<CategoryFlow>()} />;
}

/** The `select-category/add-category` step: the picker with the add modal over it. */
export function AddCategoryStep() {
  const flow = useOutletContext<CategoryFlow>();
  return (
    <>
      <CategoryPicker flow={flow} />
      <AddCategoryModal flow={flow} />
    </>
  );
}
