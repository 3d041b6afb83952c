import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * The one markup a screen reader is not hurt by and the app cannot change: rc-select (under antd's
 * Select) copies the `aria-required` and `aria-label` it is given onto its outer div as well as onto
 * its combobox input, where they belong and are also present. Only those attributes on that div.
 */
function isSelectWrapperCopy(rule: string, node: { target: unknown[]; all: { data: unknown }[]; none: { data: unknown }[]; any: { data: unknown }[] }): boolean {
  if (rule !== "aria-allowed-attr" || !String(node.target.at(-1)).includes(".ant-select")) return false;
  const attributes = [...node.all, ...node.none, ...node.any].flatMap((check) => (Array.isArray(check.data) ? check.data.map(String) : []));
  return attributes.length > 0 && attributes.every((attribute) => /^aria-(required|label)=/.test(attribute));
}

/** No axe violation (WCAG 2.1 AA and axe's best practices) on the page as it is now, once it has settled. */
export async function expectAccessible(page: Page) {
  // The shell's loading bar sits outside every landmark while it shows (axe "region"); check the settled page.
  await expect(page.locator(".loading-bar")).toHaveAttribute("aria-hidden", "true");
  const results = await new AxeBuilder({ page }).analyze();
  const violations = results.violations
    .map((violation) => ({ ...violation, nodes: violation.nodes.filter((node) => !isSelectWrapperCopy(violation.id, node)) }))
    .filter((violation) => violation.nodes.length > 0);
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}
