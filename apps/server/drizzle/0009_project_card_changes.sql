-- The projects list and record now carry money from the invoices and each project's latest activity
-- (docs/decisions/034-project-cards-on-the-index-page.md, 035-one-balance-per-project.md): a write to
-- those tables empties the cached answers too, as migration 0007 does for the others.
CREATE TRIGGER portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "invoices" FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_table_change();
--> statement-breakpoint
CREATE TRIGGER portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "notes" FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_table_change();
--> statement-breakpoint
CREATE TRIGGER portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "documents" FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_table_change();
