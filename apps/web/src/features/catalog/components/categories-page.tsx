import type { CategoryNode } from '@publisher/contract';
import { PageHeader } from '../../../components/ui/page-header';
import { useCategoryTree } from '../api/use-category-tree';
import { ListStatus } from './list-status';

function SubCategory({ node }: { node: CategoryNode }) {
  const children = node.children.category;
  return (
    <li className="py-2">
      <div className="flex items-baseline justify-between gap-3">
        <span className="text-sm text-slate-800">{node.name}</span>
        <span className="text-xs text-slate-500 tabular-nums">ID {node.id}</span>
      </div>
      {children.length > 0 ? (
        <details className="mt-1 text-xs text-slate-600">
          <summary className="cursor-pointer select-none text-indigo-600">
            {children.length} {children.length === 1 ? 'sub-category' : 'sub-categories'}
          </summary>
          <ul className="mt-1 space-y-0.5 pl-3">
            {children.map((child) => (
              <li key={child.id} className="flex justify-between gap-3">
                <span>{child.name}</span>
                <span className="tabular-nums text-slate-600">{child.id}</span>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </li>
  );
}

function TopCategoryCard({ node }: { node: CategoryNode }) {
  const subs = node.children.category;
  return (
    <article aria-label={node.name} className="h-full rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <header className="flex items-baseline justify-between gap-3 border-b border-slate-100 pb-3">
        <h2 className="text-base font-semibold text-slate-900">{node.name}</h2>
        <span className="text-xs font-medium text-slate-500 tabular-nums">ID {node.id}</span>
      </header>
      {subs.length > 0 ? (
        <ul aria-label={`Sub-categories of ${node.name}`} className="divide-y divide-slate-100">
          {subs.map((sub) => (
            <SubCategory key={sub.id} node={sub} />
          ))}
        </ul>
      ) : (
        <p className="pt-3 text-sm text-slate-500">No sub-categories.</p>
      )}
    </article>
  );
}

/** Categories (`/categories`, admin; part 2 §2): the top-level categories with their id and sub-categories. */
export function CategoriesPage() {
  const tree = useCategoryTree();
  const topLevel = tree.data?.body.data ?? [];
  return (
    <div className="space-y-6">
      <PageHeader
        title="Categories"
        description={tree.data ? `${topLevel.length} top-level categories` : 'The category tree of the catalog.'}
      />
      <ListStatus
        what="categories"
        isLoading={tree.isPending}
        error={tree.error}
        onRetry={() => void tree.refetch()}
        isRetrying={tree.isFetching}
        isEmpty={topLevel.length === 0}
        emptyMessage="No categories found."
      >
        <ul aria-label="Categories" className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
          {topLevel.map((node) => (
            <li key={node.id}>
              <TopCategoryCard node={node} />
            </li>
          ))}
        </ul>
      </ListStatus>
    </div>
  );
}
