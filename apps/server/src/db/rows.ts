// A row of each table as the database hands it back: every layer above names rows by these, so a
// row's type is written once (from the schema) and never again.
import type * as schema from './schema';

export type CompanyRow = typeof schema.companies.$inferSelect;
export type PortalThemeRow = typeof schema.portalThemes.$inferSelect;
export type StaffRow = typeof schema.staff.$inferSelect;
export type AccountRow = typeof schema.accounts.$inferSelect;
export type ProjectStatusRow = typeof schema.projectStatuses.$inferSelect;
export type ProjectRow = typeof schema.projects.$inferSelect;
export type EntityRow = typeof schema.portalEntities.$inferSelect;
export type FileRow = typeof schema.files.$inferSelect;
export type NewFileRow = typeof schema.files.$inferInsert;
export type NoteRow = typeof schema.notes.$inferSelect;
export type AlbumRow = typeof schema.albums.$inferSelect;
export type PhotoRow = typeof schema.photos.$inferSelect;
export type DocumentRow = typeof schema.documents.$inferSelect;
export type NewDocumentRow = typeof schema.documents.$inferInsert;
export type InvoiceRow = typeof schema.invoices.$inferSelect;
export type InvoiceLineRow = typeof schema.invoiceLines.$inferSelect;
export type PaymentRow = typeof schema.invoicePayments.$inferSelect;
export type NewContactMessageRow = typeof schema.contactMessages.$inferInsert;
export type ProposalRow = typeof schema.proposals.$inferSelect;
export type ProposalSectionRow = typeof schema.proposalSections.$inferSelect;
export type ProposalItemRow = typeof schema.proposalItems.$inferSelect;
export type ProposalAcceptanceRow = typeof schema.proposalAcceptances.$inferSelect;
export type ChangeOrderRow = typeof schema.changeOrders.$inferSelect;
export type ChangeOrderItemRow = typeof schema.changeOrderItems.$inferSelect;
export type ChangeOrderFileRow = typeof schema.changeOrderFiles.$inferSelect;
export type ChangeOrderApprovalRow = typeof schema.changeOrderApprovals.$inferSelect;
export type AllowanceRow = typeof schema.allowances.$inferSelect;
export type SelectionRow = typeof schema.selections.$inferSelect;
export type SelectionOptionRow = typeof schema.selectionOptions.$inferSelect;
export type SelectionOptionPhotoRow = typeof schema.selectionOptionPhotos.$inferSelect;
export type SelectionChoiceRow = typeof schema.selectionChoices.$inferSelect;
export type ScheduleItemRow = typeof schema.scheduleItems.$inferSelect;
export type CalendarFeedRow = typeof schema.calendarFeeds.$inferSelect;
