import type { Locator } from "@playwright/test";

/**
 * Picks an option of an antd Select, found by its combobox, as a person would: click the box, optionally
 * type to search, click the option.
 *
 * The click goes to the select's box, not to the combobox input: the selected item covers the input, and a
 * forced click on the input skips Playwright's wait for a still element, so inside a dialog that is still
 * zooming in (slow under load) it landed beside the select and the list never opened.
 */
export async function chooseOption(combobox: Locator, option: string | RegExp, search?: string) {
  const box = combobox.locator("xpath=ancestor::div[contains(concat(' ', normalize-space(@class), ' '), ' ant-select-selector ')]");
  await box.click();
  if (search !== undefined) await combobox.fill(search);
  await combobox.page().locator(".ant-select-dropdown:visible .ant-select-item-option").filter({ hasText: option }).first().click();
}
