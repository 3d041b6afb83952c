import { useEffect, useRef, useState, type FormEvent } from "react";
import { useSearchParams } from "../router";
import { transferTrailLabels } from "@/domain/labels/transfer-trail";
import { publicUrl } from "@/domain/public-urls";

const t = transferTrailLabels.follow;

type Outcome = { kind: "idle" } | { kind: "busy"; text: string } | { kind: "ok" | "error"; text: string };

/** POSTs JSON to the public API; answers the server's pt-BR message either way. */
async function post(url: string, body: unknown): Promise<{ ok: boolean; message: string }> {
  try {
    const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json", accept: "application/json" }, credentials: "omit", body: JSON.stringify(body) });
    const answer = (await response.json().catch(() => null)) as { message?: string; errors?: Record<string, string> } | null;
    // A refused field says what is wrong with it ("Informe um e-mail válido…"): that, not the summary.
    const field = answer?.errors ? Object.values(answer.errors)[0] : undefined;
    return { ok: response.ok, message: field ?? answer?.message ?? `Erro ${response.status}` };
  } catch {
    return { ok: false, message: "Sem conexão com o servidor." };
  }
}

/**
 * Following the transfer by e-mail: the form asks for the confirmation e-mail, and the links of the
 * e-mails land here too (?confirmar= or ?cancelar=), which this finishes at once (one click) and
 * then takes out of the address bar.
 */
export function FollowForm({ slug, nr }: { slug: string; nr: string }) {
  const [params, setParams] = useSearchParams();
  const [email, setEmail] = useState("");
  const [outcome, setOutcome] = useState<Outcome>({ kind: "idle" });
  const handled = useRef(false);

  useEffect(() => {
    const confirm = params.get("confirmar");
    const leave = params.get("cancelar");
    if (handled.current || (!confirm && !leave)) return;
    handled.current = true;
    setOutcome({ kind: "busy", text: confirm ? t.confirming : t.leaving });
    const done = confirm ? post("/api/public/follows/confirm", { token: confirm }) : post(`/api/public/follows/unsubscribe?token=${encodeURIComponent(leave ?? "")}`, {});
    void done.then((answer) => {
      setOutcome({ kind: answer.ok ? "ok" : "error", text: answer.message });
      const rest = new URLSearchParams(params);
      rest.delete("confirmar");
      rest.delete("cancelar");
      setParams(rest, { replace: true });
    });
  }, [params, setParams]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setOutcome({ kind: "busy", text: t.sending });
    const answer = await post(publicUrl(slug, `imposition-transfers/${encodeURIComponent(nr)}/followers`), { email });
    setOutcome({ kind: answer.ok ? "ok" : "error", text: answer.message });
  }

  return (
    <section aria-labelledby="follow-title" className="tp-follow">
      <h2 id="follow-title">{t.title}</h2>
      <p className="tp-note">{t.lead}</p>
      <form className="tp-filters tp-filters--inline" onSubmit={submit} noValidate>
        <label className="tp-field tp-field--wide">
          {t.email}
          <input type="email" name="email" autoComplete="email" inputMode="email" required value={email} onChange={(e) => setEmail(e.target.value)} aria-describedby="follow-outcome" />
        </label>
        <div className="tp-filters__actions">
          <button type="submit" className="tp-button" disabled={outcome.kind === "busy"}>
            {t.submit}
          </button>
        </div>
      </form>
      <p id="follow-outcome" role="status" className={outcome.kind === "error" ? "tp-alert" : outcome.kind === "ok" ? "tp-welcome" : undefined}>
        {outcome.kind === "idle" ? "" : outcome.text}
      </p>
    </section>
  );
}
