/**
 * How every transfer list opens: newest year first. Its own small module because the entry script's
 * first load (src/admin/first-load.ts) asks for that first page before the list's code has arrived.
 */
export const TRANSFER_LIST_SORT = { field: "year", order: "desc" } as const;
