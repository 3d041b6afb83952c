import { useEffect } from "react";
import { useInfiniteList, type BaseRecord, type CrudFilter, type CrudSort } from "@refinedev/core";

/** The API's largest page. */
const PAGE_SIZE = 100;

export interface AllRecordsOptions {
  resource: string;
  filters?: CrudFilter[];
  sorters?: CrudSort[];
  enabled?: boolean;
  /** Stop after this many records (then `truncated` says so); a screen never reads an unbounded list. */
  max?: number;
}

/**
 * Every record of a filtered list, read page after page (the API serves at most 100 at a time): for
 * screens that draw the whole set, such as a transfer's payment timeline and chart. Past `max` it
 * stops, and `truncated` tells the screen to say it shows only part of `total`.
 */
export function useAllRecords<Row extends BaseRecord>({ resource, filters = [], sorters = [], enabled = true, max = 2000 }: AllRecordsOptions) {
  const { result, query } = useInfiniteList<Row>({ resource, filters, sorters, pagination: { currentPage: 1, pageSize: PAGE_SIZE }, queryOptions: { enabled } });
  const pages = result.data?.pages ?? [];
  const rows = pages.flatMap((page) => page.data);
  const total = pages[0]?.total ?? 0;
  const wantsMore = Boolean(result.hasNextPage) && rows.length < max;
  const { fetchNextPage, isFetchingNextPage, isError } = query;

  useEffect(() => {
    if (wantsMore && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [wantsMore, isFetchingNextPage, isError, fetchNextPage]);

  return {
    rows,
    total,
    /** Still reading pages. */
    loading: query.isLoading || wantsMore,
    /** Stopped at `max` with more left. */
    truncated: Boolean(result.hasNextPage) && !wantsMore,
    query,
  };
}
