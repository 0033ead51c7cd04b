import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { AllowanceRow, ChangeOrderRow } from '../../db/rows';
import { allowances, changeOrderItems, changeOrders, companies } from '../../db/schema';
import { allowanceMoney, type AllowanceMoney } from './allowance-money';

/**
 * The two sums of an allowance's money, read beside its row (one subquery each, off the allowance indexes of selections
 * and change orders). The outer row is named in full: inside a subquery a bare `id` would be the subquery's own.
 */
const CHOSEN = sql<string | null>`(select sum(choice.option_price)::text from selection_choices choice
  join selections selection on selection.id = choice.selection_id
  where selection.allowance_id = "allowances"."id" and choice.replaced_at is null)`;
const CARRIED = sql<string | null>`(select sum(approved.total)::text from change_orders approved
  where approved.allowance_id = "allowances"."id" and approved.state = 'approved')`;

export interface AllowanceWithMoney {
  allowance: AllowanceRow;
  money: AllowanceMoney;
}

/** What the allowance's trail reads and locks; the change orders themselves are written by core/change-orders/. */
export function allowancesRepository(db: Executor) {
  const withMoney = () => db.select({ allowance: allowances, chosen: CHOSEN, carried: CARRIED }).from(allowances);
  const toMoney = (row: { allowance: AllowanceRow; chosen: string | null; carried: string | null }): AllowanceWithMoney => ({
    allowance: row.allowance,
    money: allowanceMoney({ amount: row.allowance.amount, chosen: row.chosen, carried: row.carried }),
  });

  return {
    /** The project's allowances in the company's order, each with its money. */
    async ofProject(companyId: number, projectId: number): Promise<AllowanceWithMoney[]> {
      const rows = await withMoney()
        .where(and(eq(allowances.company_id, companyId), eq(allowances.project_id, projectId)))
        .orderBy(asc(allowances.position), asc(allowances.id));
      return rows.map(toMoney);
    },

    /** One of the company's allowances with its money; null when it has no such allowance. */
    async ofAllowance(companyId: number, allowanceId: number): Promise<AllowanceWithMoney | null> {
      const [row] = await withMoney()
        .where(and(eq(allowances.company_id, companyId), eq(allowances.id, allowanceId)))
        .limit(1);
      return row ? toMoney(row) : null;
    },

    /** Every change order made from the allowance, every version, newest first. */
    changeOrdersOf(allowanceId: number): Promise<ChangeOrderRow[]> {
      return db
        .select()
        .from(changeOrders)
        .where(eq(changeOrders.allowance_id, allowanceId))
        .orderBy(desc(changeOrders.number), desc(changeOrders.version), desc(changeOrders.id));
    },

    /**
     * The allowance locked until the transaction ends, with what its company makes of an overage: every write of its
     * trail takes this lock first (after the selection's, never before), so two choices against one allowance carry
     * their difference one after the other.
     */
    async lock(companyId: number, allowanceId: number): Promise<{ allowance: AllowanceRow; overage: 'draft' | 'send' } | null> {
      const [row] = await db
        .select({ allowance: allowances, overage: companies.selection_overage_change_orders })
        .from(allowances)
        .innerJoin(companies, eq(companies.id, allowances.company_id))
        .where(and(eq(allowances.company_id, companyId), eq(allowances.id, allowanceId)))
        .for('update', { of: allowances })
        .limit(1);
      return row ?? null;
    },

    /** The item descriptions of a change order, in order (what the trail compares with what it would write). */
    async itemDescriptions(changeOrderId: number): Promise<string[]> {
      const rows = await db
        .select({ description: changeOrderItems.description })
        .from(changeOrderItems)
        .where(eq(changeOrderItems.change_order_id, changeOrderId))
        .orderBy(asc(changeOrderItems.position), asc(changeOrderItems.id));
      return rows.map((row) => row.description);
    },

    /** The change orders of the allowance still waiting (a draft, or sent and not answered), newest first. */
    pending(allowanceId: number): Promise<ChangeOrderRow[]> {
      return db
        .select()
        .from(changeOrders)
        .where(and(eq(changeOrders.allowance_id, allowanceId), inArray(changeOrders.state, ['draft', 'sent'])))
        .orderBy(desc(changeOrders.number), desc(changeOrders.version), desc(changeOrders.id));
    },
  };
}
