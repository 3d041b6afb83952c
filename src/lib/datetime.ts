/** Moments (timestamps) as people in the product read them: dd/MM/yyyy [HH:mm], in America/Sao_Paulo. */
const day = new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo", day: "2-digit", month: "2-digit", year: "numeric" });
const dayTime = new Intl.DateTimeFormat("pt-BR", {
  timeZone: "America/Sao_Paulo",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

export function formatMoment(iso: string | Date | null | undefined, options: { time?: boolean } = {}): string {
  if (!iso) return "—";
  const date = typeof iso === "string" ? new Date(iso) : iso;
  if (Number.isNaN(date.getTime())) return "—";
  return (options.time ? dayTime : day).format(date).replace(",", "");
}
