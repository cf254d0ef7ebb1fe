/** The library's state in the address bar, so a search can be shared, reloaded and gone back to. */
export interface LibrarySearch {
  q: string;
  sort: 'date' | 'title' | 'duration';
  order: 'asc' | 'desc';
  page: number;
  /** A folder id or '' (all folders). */
  folder: string;
  /** A tag id or '' (any tags). */
  tag: string;
}

export const SORTS: readonly { label: string; sort: LibrarySearch['sort']; order: LibrarySearch['order'] }[] =
  [
    { label: 'Newest first', sort: 'date', order: 'desc' },
    { label: 'Oldest first', sort: 'date', order: 'asc' },
    { label: 'Title A–Z', sort: 'title', order: 'asc' },
    { label: 'Title Z–A', sort: 'title', order: 'desc' },
    { label: 'Longest first', sort: 'duration', order: 'desc' },
    { label: 'Shortest first', sort: 'duration', order: 'asc' },
  ];

const DEFAULT_LIBRARY_SEARCH: LibrarySearch = {
  q: '',
  sort: 'date',
  order: 'desc',
  page: 1,
  folder: '',
  tag: '',
};

/** Only what differs from the defaults goes into the address, so plain links to /recordings stay plain. */
export const parseLibrarySearch = (raw: Record<string, unknown>): Partial<LibrarySearch> => {
  const full = fullLibrarySearch(raw);
  return Object.fromEntries(
    Object.entries(full).filter(
      ([key, value]) => value !== DEFAULT_LIBRARY_SEARCH[key as keyof LibrarySearch],
    ),
  );
};

export const fullLibrarySearch = (raw: Record<string, unknown>): LibrarySearch => {
  const sort = raw.sort === 'title' || raw.sort === 'duration' ? raw.sort : 'date';
  const order = raw.order === 'asc' ? 'asc' : 'desc';
  const page = Math.max(1, Math.floor(Number(raw.page)) || 1);
  const q = typeof raw.q === 'string' ? raw.q.slice(0, 200) : '';
  const id = (value: unknown) => (typeof value === 'string' ? value.slice(0, 100) : '');
  return { q, sort, order, page, folder: id(raw.folder), tag: id(raw.tag) };
};
