import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client';
import type { CompanyRow } from '../../db/rows';
import type { Notices } from '../mail/notices';
import { changeOrderSendingRepository } from './change-order-sending.repository';
import { changeOrderSentNotice } from './change-order-sent-email';

/**
 * Everyone the project is shared with hears of a sent change order, each with a link to it under their own entity; the
 * notices service leaves out whoever turned change order emails off, everyone while the company has change orders
 * switched off, and anyone already told of this version. Called after the sending transaction has committed, by the
 * company's send and by a choice that sends an allowance's change order at once. A failure is logged, never thrown:
 * the change order is sent either way.
 */
export async function tellCustomersOfChangeOrder(
  services: { db: Executor; notices: Notices; log: FastifyBaseLogger },
  options: { company: CompanyRow; changeOrderId: number; publicUrl: string },
): Promise<void> {
  const { company, changeOrderId, publicUrl } = options;
  try {
    const found = await changeOrderSendingRepository(services.db).sentWithProject(company.id, changeOrderId);
    if (!found) return;
    const { changeOrder, project } = found;
    await services.notices.send(services.log, {
      kind: 'change_order',
      recordId: changeOrder.id,
      companyId: company.id,
      projectId: changeOrder.project_id,
      build: (recipient) =>
        changeOrderSentNotice({
          company,
          project,
          changeOrder,
          changeOrderUrl: `${publicUrl}/change-orders?entity=${recipient.entityId}&change_order=${changeOrder.id}`,
        }),
    });
  } catch (error) {
    services.log.error({ event: 'change-orders.customer-mail-failed', changeOrderId, err: error }, 'customers were not told of a sent change order');
  }
}
