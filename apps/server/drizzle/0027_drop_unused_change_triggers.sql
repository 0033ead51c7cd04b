-- The response cache these notifications fed is gone (docs/decisions/071-no-response-cache.md). The row triggers of
-- migrations 0009 and 0011 still sent one pg_notify per written row scope on the tables its answers were read from, and
-- the only listener left, the session cache, ignores every table but sessions and portal_users (migration 0007's
-- triggers, which stay). Their TRUNCATE triggers said only the table's name to the same deaf ear.
DROP TRIGGER portal_changes ON "portal_entities";
--> statement-breakpoint
DROP TRIGGER portal_changes_truncate ON "portal_entities";
--> statement-breakpoint
DROP TRIGGER portal_changes ON "projects";
--> statement-breakpoint
DROP TRIGGER portal_changes_truncate ON "projects";
--> statement-breakpoint
DROP TRIGGER portal_changes ON "project_statuses";
--> statement-breakpoint
DROP TRIGGER portal_changes_truncate ON "project_statuses";
--> statement-breakpoint
DROP TRIGGER portal_changes ON "accounts";
--> statement-breakpoint
DROP TRIGGER portal_changes_truncate ON "accounts";
--> statement-breakpoint
DROP TRIGGER portal_changes ON "staff";
--> statement-breakpoint
DROP TRIGGER portal_changes_truncate ON "staff";
--> statement-breakpoint
DROP TRIGGER portal_changes ON "companies";
--> statement-breakpoint
DROP TRIGGER portal_changes_truncate ON "companies";
--> statement-breakpoint
DROP TRIGGER portal_changes ON "portal_themes";
--> statement-breakpoint
DROP TRIGGER portal_changes_truncate ON "portal_themes";
--> statement-breakpoint
DROP TRIGGER portal_changes ON "albums";
--> statement-breakpoint
DROP TRIGGER portal_changes_truncate ON "albums";
--> statement-breakpoint
DROP TRIGGER portal_changes ON "photos";
--> statement-breakpoint
DROP TRIGGER portal_changes_truncate ON "photos";
--> statement-breakpoint
DROP TRIGGER portal_changes ON "files";
--> statement-breakpoint
DROP TRIGGER portal_changes_truncate ON "files";
--> statement-breakpoint
DROP TRIGGER portal_changes ON "invoices";
--> statement-breakpoint
DROP TRIGGER portal_changes_truncate ON "invoices";
--> statement-breakpoint
DROP TRIGGER portal_changes ON "notes";
--> statement-breakpoint
DROP TRIGGER portal_changes_truncate ON "notes";
--> statement-breakpoint
DROP TRIGGER portal_changes ON "documents";
--> statement-breakpoint
DROP TRIGGER portal_changes_truncate ON "documents";
--> statement-breakpoint
DROP FUNCTION portal_notify_row_scope();
