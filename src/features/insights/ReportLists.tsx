import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { Card, Table } from 'react-bootstrap';
import type { ActorRefFrom } from 'xstate';
import { formatPrice } from '../../../lib/format';
import { formatCount } from '../../../lib/insight-format';
import { uzInsights } from '../../../lib/uz-insights';
import type { insightsMachine } from '../../../machines/insights/insights.machine';
import {
  selectCategories,
  selectEmptySearches,
  selectIsPlatform,
  selectLeastOrdered,
  selectRefusedDishes,
  selectTables,
  selectTopDishes,
  selectViewedNotOrdered,
} from '../../../machines/insights/insights.selectors';

type InsightsActor = ActorRefFrom<typeof insightsMachine>;

/** One list of the report: a titled table, or a line saying there is nothing in it yet. */
function ListCard({
  id,
  title,
  help,
  head,
  rows,
}: {
  id: string;
  title: string;
  help?: string;
  head: ReactNode;
  rows: ReactNode[];
}) {
  return (
    <Card as="section" className="shadow-sm h-100" aria-labelledby={`${id}-title`} data-testid={id}>
      <Card.Body>
        <h2 className="h6" id={`${id}-title`}>
          {title}
        </h2>
        {help && <p className="small text-secondary mb-2">{help}</p>}
        {rows.length === 0 ? (
          <p className="small text-secondary mb-0">{uzInsights.nothingYet}</p>
        ) : (
          <Table size="sm" className="mb-0 insights-list">
            <thead>{head}</thead>
            <tbody>{rows}</tbody>
          </Table>
        )}
      </Card.Body>
    </Card>
  );
}

/** A number's cell, kept on one line; `className` hides a column on a phone (the portions beside the orders). */
const Num = ({ children, className = '' }: { children: ReactNode; className?: string }) => (
  <td className={`text-end text-nowrap ${className}`}>{children}</td>
);
const NumHead = ({ children, className = '' }: { children: ReactNode; className?: string }) => (
  <th scope="col" className={`text-end ${className}`}>
    {children}
  </th>
);

/**
 * The report's lists: the dishes ordered most and least, the dishes viewed and not ordered, the dishes refused as not
 * available (the sales lost), the categories and the tables by revenue (a restaurant's report only), and the searches
 * that found nothing.
 */
export function ReportLists({ actor }: { actor: InsightsActor }) {
  const top = useSelector(actor, selectTopDishes) ?? [];
  const viewed = useSelector(actor, selectViewedNotOrdered) ?? [];
  const least = useSelector(actor, selectLeastOrdered) ?? [];
  const refused = useSelector(actor, selectRefusedDishes) ?? [];
  const categories = useSelector(actor, selectCategories) ?? [];
  const tables = useSelector(actor, selectTables) ?? [];
  const searches = useSelector(actor, selectEmptySearches) ?? [];
  const platform = useSelector(actor, selectIsPlatform);
  return (
    <div className="row row-cols-1 row-cols-lg-2 g-3 mb-3">
      <div className="col">
        <ListCard
          id="insights-top-dishes"
          title={uzInsights.topDishes}
          head={
            <tr>
              <th scope="col">{uzInsights.dish}</th>
              <NumHead>{uzInsights.orders}</NumHead>
              <NumHead className="d-none d-sm-table-cell">{uzInsights.quantity}</NumHead>
              <NumHead>{uzInsights.revenue}</NumHead>
            </tr>
          }
          rows={top.map((dish) => (
            <tr key={dish.product_id}>
              <td>{dish.name}</td>
              <Num>{formatCount(dish.orders)}</Num>
              <Num className="d-none d-sm-table-cell">{formatCount(dish.quantity)}</Num>
              <Num>{formatPrice(dish.revenue)}</Num>
            </tr>
          ))}
        />
      </div>
      <div className="col">
        <ListCard
          id="insights-least-dishes"
          title={uzInsights.leastOrdered}
          head={
            <tr>
              <th scope="col">{uzInsights.dish}</th>
              <NumHead>{uzInsights.orders}</NumHead>
              <NumHead>{uzInsights.revenue}</NumHead>
            </tr>
          }
          rows={least.map((dish) => (
            <tr key={dish.product_id}>
              <td>{dish.name}</td>
              <Num>{formatCount(dish.orders)}</Num>
              <Num>{formatPrice(dish.revenue)}</Num>
            </tr>
          ))}
        />
      </div>
      <div className="col">
        <ListCard
          id="insights-refused"
          title={uzInsights.refusedDishes}
          help={uzInsights.refusedDishesHelp}
          head={
            <tr>
              <th scope="col">{uzInsights.dish}</th>
              <NumHead>{uzInsights.refused}</NumHead>
            </tr>
          }
          rows={refused.map((dish) => (
            <tr key={dish.product_id}>
              <td>{dish.name}</td>
              <Num>{formatCount(dish.unavailable)}</Num>
            </tr>
          ))}
        />
      </div>
      <div className="col">
        <ListCard
          id="insights-viewed"
          title={uzInsights.viewedNotOrdered}
          help={uzInsights.viewedNotOrderedHelp}
          head={
            <tr>
              <th scope="col">{uzInsights.dish}</th>
              <NumHead>{uzInsights.views}</NumHead>
            </tr>
          }
          rows={viewed.map((dish) => (
            <tr key={dish.product_id}>
              <td>{dish.name}</td>
              <Num>{formatCount(dish.views)}</Num>
            </tr>
          ))}
        />
      </div>
      {!platform && (
        <div className="col">
          <ListCard
            id="insights-categories"
            title={uzInsights.categories}
            head={
              <tr>
                <th scope="col">{uzInsights.category}</th>
                <NumHead>{uzInsights.orders}</NumHead>
                <NumHead>{uzInsights.revenue}</NumHead>
              </tr>
            }
            rows={categories.map((category) => (
              <tr key={category.category_id}>
                <td>{category.name}</td>
                <Num>{formatCount(category.orders)}</Num>
                <Num>{formatPrice(category.revenue)}</Num>
              </tr>
            ))}
          />
        </div>
      )}
      {!platform && (
        <div className="col">
          <ListCard
            id="insights-tables"
            title={uzInsights.tablesByRevenue}
            head={
              <tr>
                <th scope="col">{uzInsights.table}</th>
                <NumHead>{uzInsights.orders}</NumHead>
                <NumHead>{uzInsights.revenue}</NumHead>
              </tr>
            }
            rows={tables.map((table) => (
              <tr key={table.table_id}>
                <td>{table.name}</td>
                <Num>{formatCount(table.orders)}</Num>
                <Num>{formatPrice(table.revenue)}</Num>
              </tr>
            ))}
          />
        </div>
      )}
      <div className="col">
        <ListCard
          id="insights-searches"
          title={uzInsights.emptySearches}
          head={
            <tr>
              <th scope="col">{uzInsights.searchText}</th>
              <NumHead>{uzInsights.searchCount}</NumHead>
            </tr>
          }
          rows={searches.map((search) => (
            <tr key={search.text}>
              <td>{search.text}</td>
              <Num>{formatCount(search.count)}</Num>
            </tr>
          ))}
        />
      </div>
    </div>
  );
}
