/** The product wordmark: an inline mark plus "Publisher Portal". */
export function Logo() {
  return (
    <span className="flex items-center gap-2.5">
      <svg aria-hidden="true" viewBox="0 0 32 32" className="h-8 w-8">
        <rect width="32" height="32" rx="8" className="fill-indigo-600" />
        <path d="M10 23V9h7a5 5 0 0 1 0 10h-4v4z" fill="white" />
      </svg>
      <span className="whitespace-nowrap text-lg font-bold tracking-tight text-slate-900">
        Publisher <span className="text-indigo-600">Portal</span>
      </span>
    </span>
  );
}
