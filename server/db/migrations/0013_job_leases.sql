CREATE TABLE "job_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"until" timestamp with time zone,
	"last_started" timestamp with time zone NOT NULL,
	"last_finished" timestamp with time zone,
	"last_error" text
);
