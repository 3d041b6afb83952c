import type { AxiosInstance } from "axios";
import { loadingBar } from "./loading-bar";

const tracked = new WeakSet<AxiosInstance>();

/** Every request of this client runs the loading bar until its answer (or failure) arrives. */
export function trackRequests(client: AxiosInstance, bar = loadingBar) {
  if (tracked.has(client)) return;
  tracked.add(client);
  client.interceptors.request.use((config) => {
    bar.start();
    return config;
  });
  client.interceptors.response.use(
    (response) => {
      bar.finish();
      return response;
    },
    (error) => {
      bar.finish();
      return Promise.reject(error);
    },
  );
}
