ALTER TABLE "pos_outbox" ADD COLUMN "request_id" text;--> statement-breakpoint
ALTER TABLE "print_outbox" ADD COLUMN "request_id" text;--> statement-breakpoint
ALTER TABLE "telegram_outbox" ADD COLUMN "request_id" text;