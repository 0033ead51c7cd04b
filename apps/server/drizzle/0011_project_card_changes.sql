-- The projects list and record now carry money from the invoices and each project's latest activity
-- (docs/decisions/034-project-cards-on-the-index-page.md, 035-one-balance-per-project.md): a write to
-- those tables drops the cached answers that show its project, as migration 0009 does for the others.
CREATE TRIGGER portal_changes AFTER INSERT OR UPDATE OR DELETE ON "invoices" FOR EACH ROW EXECUTE FUNCTION portal_notify_row_scope('project_id');
--> statement-breakpoint
CREATE TRIGGER portal_changes AFTER INSERT OR UPDATE OR DELETE ON "notes" FOR EACH ROW EXECUTE FUNCTION portal_notify_row_scope('project_id');
--> statement-breakpoint
CREATE TRIGGER portal_changes AFTER INSERT OR UPDATE OR DELETE ON "documents" FOR EACH ROW EXECUTE FUNCTION portal_notify_row_scope('project_id');
--> statement-breakpoint
CREATE TRIGGER portal_changes_truncate AFTER TRUNCATE ON "invoices" FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_table_change();
--> statement-breakpoint
CREATE TRIGGER portal_changes_truncate AFTER TRUNCATE ON "notes" FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_table_change();
--> statement-breakpoint
CREATE TRIGGER portal_changes_truncate AFTER TRUNCATE ON "documents" FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_table_change();
