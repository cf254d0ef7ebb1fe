/**
 * One of the library's filters (folder, tag): a labelled select over the user's named choices, the first of which
 * ("All folders", "Any tag") shows everything.
 */
export function LibraryFilter({
  label,
  ariaLabel,
  anyLabel,
  value,
  choices,
  onChange,
}: {
  label: string;
  ariaLabel: string;
  anyLabel: string;
  value: string;
  choices: readonly { id: string; name: string }[] | undefined;
  onChange: (id: string) => void;
}) {
  return (
    <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
      {label}
      <select
        aria-label={ariaLabel}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        className="h-10 rounded-lg border border-slate-300 bg-white px-2 font-normal"
      >
        <option value="">{anyLabel}</option>
        {choices?.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.name}
          </option>
        ))}
      </select>
    </label>
  );
}
