import { Icon, isIconName } from '../../../components/ui/icons';
import type { Titled } from '../i18n/landing-copy';

/** A grid of icon + title + description cards (professional features, benefits, security). */
export function TitledGrid({ items, columns = 3 }: { items: readonly Titled[]; columns?: 2 | 3 | 4 }) {
  const grid = {
    2: 'sm:grid-cols-2',
    3: 'sm:grid-cols-2 lg:grid-cols-3',
    4: 'sm:grid-cols-2 lg:grid-cols-4',
  }[columns];
  return (
    <ul className={`grid gap-6 ${grid}`}>
      {items.map((item) => (
        <li key={item.title} className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-5">
          <span
            aria-hidden="true"
            className="grid h-10 w-10 place-items-center rounded-xl bg-brand-50 text-xl font-bold text-brand-700"
          >
            {isIconName(item.icon) ? <Icon name={item.icon} className="h-6 w-6" /> : item.icon}
          </span>
          <h3 className="font-semibold">{item.title}</h3>
          <p className="text-slate-600">{item.description}</p>
        </li>
      ))}
    </ul>
  );
}
