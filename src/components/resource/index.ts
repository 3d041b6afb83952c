/** Field-driven pieces every admin area builds its screens from (see README, "Adding an admin area"). */
export * from "./fields";
export { FieldInput, FieldItem, ComputedItem } from "./field-input";
export { CodeTag, ViewSections, fieldValue } from "./field-view";
export { FormSections } from "./form-sections";
export { fieldColumns, columnFilters, EllipsisCell, TextCell, oneLineCell } from "./columns";
export { useEditForm, type EditFormOptions } from "./edit-form";
export { useAllRecords, type AllRecordsOptions } from "./use-all-records";
export { RowActions } from "./row-actions";
export { RecordNotFound } from "./record-not-found";
export type { ResourceSlots, FormSlotProps, SetFilters, StandardAction, ExtraColumn, Slot } from "./slots";
