import { useEffect, type ReactNode } from "react";
import { Outlet } from "react-router";
import { Form } from "antd";
import type { ZodType } from "zod";
import { slugify, type CategoryScope } from "@/domain/content";
import type { FormSlotProps, Slot } from "@/components/resource/slots";
import { MarkdownEditor } from "@/components/markdown-editor";
import { zodRule } from "@/lib/zod-rule";
import { useT, type TranslationKey } from "@/providers/i18n";
import { AddCategoryModal, CategoryChooser, CategoryPicker, useRoutedCategoryFlow, useStateCategoryFlow, type CategoryFlow } from "./category-flow";

/**
 * The library's form parts, as slots of the generic create and edit pages (`slots.formSections`):
 * the category (a step over the form), the Markdown body, and an article's slug written from its title.
 */
type Part = Slot<FormSlotProps<unknown>>;

/**
 * The record's category: the chooser in the form and its steps over it. `routed`: each step is a nested
 * route of the form (`…/select-category`, `…/add-category`, rendered here through the `<Outlet>`);
 * `state`: the steps live in the page.
 */
export function categoryPart(scope: CategoryScope, steps: "routed" | "state"): Part {
  return function CategoryPart({ form }) {
    const t = useT();
    const chosen = (Form.useWatch("categoryId", form) as number | null | undefined) ?? null;
    const setChosen = (id: number | null) => form.setFieldValue("categoryId", id);
    // Both flows are hooks, so both run; only the declared one is shown.
    const routed = useRoutedCategoryFlow(scope, chosen, setChosen);
    const local = useStateCategoryFlow(scope, chosen, setChosen);
    const flow: CategoryFlow = steps === "routed" ? routed : local.flow;
    let over: ReactNode = null;
    if (steps === "routed") over = <Outlet context={flow} />;
    else if (local.step !== "closed") over = (
      <>
        <CategoryPicker flow={flow} />
        {local.step === "add" ? <AddCategoryModal flow={flow} /> : null}
      </>
    );
    return (
      <>
        <Form.Item name="categoryId" label={t("content.category")}>
          <CategoryChooser flow={flow} />
        </Form.Item>
        {over}
      </>
    );
  };
}

/** A Markdown field (an article's text, a tutorial's content), with its rules. */
export function markdownPart(name: string, label: TranslationKey, schema: ZodType): Part {
  return function MarkdownPart() {
    const t = useT();
    return (
      <Form.Item name={name} label={t(label)} rules={[zodRule(schema)]} required>
        <MarkdownEditor aria-label={t(label)} />
      </Form.Item>
    );
  };
}

/** On a new record, the slug is written from another field (the title, the name) until the person edits it. */
export function slugFrom(source: string): Part {
  return function SlugPart({ form, mode }) {
    const text = Form.useWatch(source, form) as string | undefined;
    useEffect(() => {
      if (mode === "create" && typeof text === "string" && !form.isFieldTouched("slug")) form.setFieldValue("slug", slugify(text));
    }, [form, mode, text]);
    return null;
  };
}
