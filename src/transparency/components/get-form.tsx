import type { FormEvent, ReactNode } from "react";
import { useNavigate, usePathname } from "../router";

/**
 * A GET form whose fields become the page's URL (plain, shareable URLs); empty fields are left
 * out. Without JavaScript the browser does the same natively.
 */
export function GetForm({ children, className, label, search, keep = {} }: { children: ReactNode; className?: string; label: string; search?: boolean; keep?: Record<string, string> }) {
  const navigate = useNavigate();
  const pathname = usePathname();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(keep)) if (value) params.set(key, value);
    for (const [key, value] of new FormData(event.currentTarget)) {
      if (typeof value === "string" && value.trim() !== "") params.set(key, value.trim());
    }
    const query = params.toString();
    navigate(query ? `${pathname}?${query}` : pathname);
  }
  return (
    <form method="get" className={className} aria-label={label} onSubmit={submit} role={search ? "search" : undefined}>
      {children}
    </form>
  );
}
