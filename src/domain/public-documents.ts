/**
 * How a person's or a company's document may appear on the public site. A CNPJ is public (a company
 * receiving public money); a CPF is a person's and goes masked as the federal transparency portal
 * masks it (LGPD art. 6 III, minimal exposure): the six middle digits only, "***.456.789-**". The
 * server masks before answering, so a full CPF never leaves it on a public route. The one mask of the
 * public site: the municipal emendas and the special transfers' money trail both use it.
 */
export function publicDocument(document: string | null | undefined): string | null {
  if (!document) return null;
  const digits = document.replace(/\D/g, "");
  if (digits.length === 11) return `***.${digits.slice(3, 6)}.${digits.slice(6, 9)}-**`;
  // Anything that is neither a CNPJ nor a CPF is not shown: the public never reads an unknown format.
  return digits.length === 14 ? digits : null;
}
