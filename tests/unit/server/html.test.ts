import { describe, expect, it } from "vitest";
import { escapeHtml } from "../../../server/lib/html";

describe("text written into the server's HTML", () => {
  it("escapes what could open or close an element or a quoted attribute, and leaves the rest as typed", () => {
    expect(escapeHtml(`<script>alert("x")</script> & O'Neil`)).toBe("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; O&#39;Neil");
    expect(escapeHtml("Transferências especiais · R$ 1.500,50")).toBe("Transferências especiais · R$ 1.500,50");
  });
});
