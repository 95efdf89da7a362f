/** The `pagination` object of paged results (Part B 4: page, pageSize, total, totalPages). */
export interface Pagination {
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
}

export function pagination(page: number, pageSize: number, total: number): Pagination {
  return { page, pageSize, total, totalPages: Math.ceil(total / pageSize) };
}

/** SQL OFFSET of a 1-based page. */
export function pageOffset(page: number, pageSize: number): number {
  return (page - 1) * pageSize;
}
