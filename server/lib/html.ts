/**
 * Text made safe for HTML, in an element or a quoted attribute: the HTML the server writes (the SPA's
 * head, the dashboard's painted figures, the e-mails) escapes every value it did not write itself.
 */
const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ENTITIES[c]);
