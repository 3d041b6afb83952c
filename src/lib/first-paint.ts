import { useLayoutEffect } from "react";
import { FIRST_PAINT_ATTRIBUTE, FIRST_PAINT_DONE_ATTRIBUTE } from "@/domain/first-paint";

/**
 * Removes the figures the server painted in the HTML (server/dashboard/first-paint.ts). They cover the
 * content area until the page draws its own cards: the page calls this in the commit that draws them
 * (a layout effect, before that frame is painted), so the figures never leave the screen.
 */
export function dropFirstPaint(doc: Document = document): void {
  // Figures still on their way (the HTML's last part) must not cover the page once it drew its own.
  doc.documentElement.setAttribute(FIRST_PAINT_DONE_ATTRIBUTE, "");
  doc.querySelectorAll(`[${FIRST_PAINT_ATTRIBUTE}]`).forEach((element) => element.remove());
}

/** Drops the painted figures once the page drawing its own content is on screen: call with true then. */
export function useDropFirstPaint(drawn: boolean): void {
  useLayoutEffect(() => {
    if (drawn) dropFirstPaint();
  }, [drawn]);
}
