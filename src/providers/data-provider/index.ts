import simpleRest from "@refinedev/simple-rest";
import { http } from "@/lib/http";

/** simple-rest over our HTTP client: authComp headers, query rules and field errors come from it. */
export const dataProvider = simpleRest("/api", http);
