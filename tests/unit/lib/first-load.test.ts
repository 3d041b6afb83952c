import { afterEach, describe, expect, it, vi } from "vitest";
import type { AxiosAdapter, AxiosInstance, InternalAxiosRequestConfig } from "axios";
import simpleRest from "@refinedev/simple-rest";
import { createHttpClient } from "@/lib/http";
import { clearPrefetched, prefetch, requestKey, takePrefetched } from "@/lib/prefetch";
import { FIRST_LOADS, SESSION_REQUEST, firstRequests, startFirstLoad } from "@/admin/first-load";
import { preloadFiles } from "@/lib/updates/preload-files";
import { markAdminBoot } from "@/components/boot-screen";
import { createLoadingBar } from "@/components/loading-bar/loading-bar";
import { FUND, IMPOSITION, VOLUNTARY } from "@/resources/transfers/kinds";

const SIGNED_IN = "theme=dark; sol_session=1";
const answer = (data: unknown, status = 200) => new Response(JSON.stringify(data), { status, headers: { "content-type": "application/json", "x-total-count": "40" } });

afterEach(() => clearPrefetched());

/** A client whose network is a recorder: what reaches it was not served by an early answer. */
function networkRecorder(search = "") {
  const sent: InternalAxiosRequestConfig[] = [];
  const client = createHttpClient(() => search);
  const adapter: AxiosAdapter = async (config) => {
    sent.push(config);
    return { data: { from: "network" }, status: 200, statusText: "", headers: {}, config };
  };
  client.defaults.adapter = adapter;
  return { client, sent };
}

/** The URL Refine's data provider asks for (simple-rest over our client), captured without sending it. */
async function urlRefineBuilds(run: (provider: ReturnType<typeof simpleRest>) => Promise<unknown>): Promise<string> {
  let url = "";
  const capture = { get: async (to: string) => ((url = to), { data: [], headers: {} }) } as unknown as AxiosInstance;
  await run(simpleRest("/api", capture));
  return url;
}

describe("the first load's early requests (issue 12, item 7)", () => {
  it("asks for the session, the page's data and its code for a signed-in visit, and nothing without the session hint", () => {
    expect(firstRequests({ pathname: "/admin/dashboard", search: "" }, SIGNED_IN)).toMatchObject({ requests: [SESSION_REQUEST, "/api/dashboard/summary", "/api/programs/open?_end=1"], code: FIRST_LOADS["/admin/dashboard"].code });
    expect(firstRequests({ pathname: "/admin/dashboard", search: "" }, "theme=dark")).toEqual({ requests: [] });
    // Another screen: the session only; filters in the URL make other data requests, so only the session goes early.
    expect(firstRequests({ pathname: "/admin/companies", search: "" }, SIGNED_IN)).toEqual({ requests: [SESSION_REQUEST] });
    expect(firstRequests({ pathname: "/admin/transactions-imposition", search: "?current=2&pageSize=10" }, SIGNED_IN).requests).toEqual([SESSION_REQUEST]);
    expect(firstRequests({ pathname: "/admin/transactions-imposition", search: "?authComp=3_18715383000140" }, SIGNED_IN).requests).toHaveLength(3);
  });

  it("asks for exactly what Refine's data provider asks for when each page opens", async () => {
    // Each list's own configuration decides its first request (src/resources/transfers/list.tsx).
    for (const [config, path] of [
      [IMPOSITION, "/admin/transactions-imposition"],
      [VOLUNTARY, "/admin/transactions-voluntary"],
      [FUND, "/admin/transactions-fund-to-fund"],
    ] as const) {
      const resource = config.resource;
      const sorters = config.fields.defaultSort ? [config.fields.defaultSort] : [];
      const list = await urlRefineBuilds((p) => p.getList({ resource, pagination: { currentPage: 1, pageSize: 10 }, filters: [], sorters }));
      const totals = await urlRefineBuilds((p) => p.custom!({ url: `/api/${resource}/totals`, method: "get", filters: [] }));
      expect(FIRST_LOADS[path].requests.map((url) => requestKey(url))).toEqual([requestKey(list), requestKey(totals)]);
    }
    const summary = await urlRefineBuilds((p) => p.custom!({ url: "/api/dashboard/summary", method: "get" }));
    const programs = await urlRefineBuilds((p) => p.custom!({ url: "/api/programs/open?_end=1", method: "get" }));
    expect(FIRST_LOADS["/admin/dashboard"].requests.map((url) => requestKey(url))).toEqual([requestKey(summary), requestKey(programs)]);
  });

  it("serves the early answer once to the same GET in the same company, and the next one goes to the network", async () => {
    const fetcher = vi.fn(async () => answer([{ id: 1 }]));
    const search = "?authComp=3_18715383000140";
    prefetch("/api/imposition-transfers?_start=0&_end=10", { "x-company-id": "3" }, fetcher);
    const { client, sent } = networkRecorder(search);

    // Another company's early answer is not this request's.
    const other = createHttpClient(() => "?authComp=4_11111111000191");
    other.defaults.adapter = client.defaults.adapter;
    expect((await other.get("/api/imposition-transfers?_end=10&_start=0&")).data).toEqual({ from: "network" });

    const first = await client.get("/api/imposition-transfers?_end=10&_start=0&");
    expect(first.data).toEqual([{ id: 1 }]);
    expect(first.headers["x-total-count"]).toBe("40");
    expect(sent).toHaveLength(1);
    expect((await client.get("/api/imposition-transfers?_end=10&_start=0")).data).toEqual({ from: "network" });
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it("sends the request as usual when the early answer failed or was refused", async () => {
    prefetch("/api/auth/me", {}, async () => answer({ message: "Sessão expirada." }, 401));
    prefetch("/api/dashboard/summary", {}, async () => Promise.reject(new TypeError("offline")));
    const { client, sent } = networkRecorder();
    expect((await client.get("/api/auth/me")).data).toEqual({ from: "network" });
    expect((await client.get("/api/dashboard/summary")).data).toEqual({ from: "network" });
    expect(sent.map((c) => c.url)).toEqual(["/api/auth/me", "/api/dashboard/summary"]);
  });

  it("the entry sends the early requests with the company of the URL, and the page's code is asked for", async () => {
    const fetcher = vi.fn(async (_url: string) => answer({}));
    vi.stubGlobal("fetch", fetcher);
    try {
      document.cookie = "sol_session=1; path=/";
      const loadApp = vi.fn(async () => ({}));
      startFirstLoad(loadApp, { pathname: "/admin/dashboard", search: "?authComp=3_18715383000140" });
      expect(loadApp).toHaveBeenCalledTimes(1);
      expect(fetcher.mock.calls.map(([url]) => url)).toEqual([SESSION_REQUEST, "/api/dashboard/summary", "/api/programs/open?_end=1"]);
      expect(takePrefetched("/api/dashboard/summary?", { "x-company-id": "3" })).toBeDefined();
      startFirstLoad(loadApp, { pathname: "/transparency/campinas", search: "" });
      expect(fetcher).toHaveBeenCalledTimes(3);
      expect(loadApp).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
      document.cookie = "sol_session=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
    }
  });
});

describe("an answer the dashboard's HTML carries at its end (issue 36, item 7)", () => {
  /** A document as the streamed HTML leaves it: the head names the carried answer; its end may still be on its way. */
  function streamedDocument(head: string, end = ""): Document {
    const doc = document.implementation.createHTMLDocument("SOL");
    doc.head.innerHTML = head;
    doc.body.innerHTML = end;
    Object.defineProperty(doc, "readyState", { value: "complete", configurable: true });
    return doc;
  }
  const META = '<meta name="sol-carried-answers" content="/api/dashboard/summary">';

  it("the entry reads the summary from the HTML instead of asking the server, and the page's client takes it", async () => {
    const fetcher = vi.fn(async (_url: string) => answer({}));
    vi.stubGlobal("fetch", fetcher);
    try {
      const doc = streamedDocument(META, '<script type="application/json" data-carried-answer="/api/dashboard/summary">{"totals":[{"kind":"fund"}]}</script>');
      startFirstLoad(async () => ({}), { pathname: "/admin/dashboard", search: "" }, SIGNED_IN, doc);
      expect(fetcher.mock.calls.map(([url]) => url)).toEqual([SESSION_REQUEST, "/api/programs/open?_end=1"]);
      const { client, sent } = networkRecorder();
      expect((await client.get("/api/dashboard/summary")).data).toEqual({ totals: [{ kind: "fund" }] });
      expect(sent).toEqual([]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("waits for the HTML's end, and asks the server when the end came without the answer", async () => {
    const doc = streamedDocument(META);
    Object.defineProperty(doc, "readyState", { value: "loading", configurable: true });
    startFirstLoad(async () => ({}), { pathname: "/admin/dashboard", search: "" }, SIGNED_IN, doc);
    const early = takePrefetched("/api/dashboard/summary")!;
    let settled = false;
    void early.then(() => (settled = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(settled).toBe(false);
    doc.dispatchEvent(new Event("DOMContentLoaded"));
    expect(await early).toBeNull();
    // The client then sends the request as usual (a missing early answer).
    prefetch("/api/dashboard/summary", {}, async () => Promise.reject(new TypeError("offline")));
    const { client, sent } = networkRecorder();
    expect((await client.get("/api/dashboard/summary")).data).toEqual({ from: "network" });
    expect(sent).toHaveLength(1);
  });
});

describe("the background preload of the other pages", () => {
  it("waits for the page's data, then fetches the files it has not loaded, never more than 4 at once", async () => {
    let dataArrived!: () => void;
    const data = new Promise<void>((resolve) => (dataArrived = resolve));
    let inFlight = 0;
    let most = 0;
    const fetched: string[] = [];
    const files = Array.from({ length: 17 }, (_, i) => `/assets/page-${i}.js`);
    const done = preloadFiles({
      whenIdle: () => data,
      idle: async () => undefined,
      listFiles: async () => files,
      loaded: () => new Set(["/assets/page-0.js", "/assets/page-1.js"]),
      fetchFile: async (url) => {
        fetched.push(url);
        most = Math.max(most, ++inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight -= 1;
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetched).toEqual([]); // the page's data is still on its way
    dataArrived();
    expect(await done).toBe(15);
    expect(fetched).toEqual(files.slice(2));
    expect(most).toBe(4);
  });
});

describe("the background preload, when the person opens a page meanwhile", () => {
  it("fetches nothing new until that page has loaded", async () => {
    const bar = createLoadingBar();
    const fetched: string[] = [];
    const files = Array.from({ length: 12 }, (_, i) => `/assets/page-${i}.js`);
    let navigation!: () => void;
    const done = preloadFiles({
      whenIdle: () => bar.whenIdle(),
      idle: async () => undefined,
      listFiles: async () => files,
      loaded: () => new Set(),
      fetchFile: async (url) => {
        fetched.push(url);
        // The person clicks a menu entry while the third file is on its way: its chunk loads.
        if (fetched.length === 3) void bar.track(new Promise<void>((resolve) => (navigation = resolve)));
        await new Promise((resolve) => setTimeout(resolve, 5));
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 40));
    // The 4 already in flight finish; nothing else starts while the page loads.
    expect(fetched).toEqual(files.slice(0, 4));
    navigation();
    expect(await done).toBe(12);
    expect(fetched).toEqual(files);
  });
});

describe("the boot screen", () => {
  afterEach(() => document.documentElement.classList.remove("boot-admin"));
  it("draws the admin frame only for a visit that will open the signed-in layout", () => {
    const framed = (pathname: string, cookie = SIGNED_IN) => {
      document.documentElement.classList.remove("boot-admin");
      markAdminBoot({ pathname }, cookie);
      return document.documentElement.classList.contains("boot-admin");
    };
    expect(framed("/admin/dashboard")).toBe(true);
    expect(framed("/admin/transactions-imposition")).toBe(true);
    expect(framed("/")).toBe(true);
    expect(framed("/admin/dashboard", "theme=dark")).toBe(false);
    expect(framed("/admin/auth/login")).toBe(false);
    expect(framed("/transparency/sao-jose-dos-campos")).toBe(false);
  });
});
