CREATE TABLE "job_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"holder" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"outcome" text DEFAULT 'running' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_leases" ADD COLUMN "due_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- A lease taken before held its job for the whole interval: that interval stays its period.
UPDATE "job_leases" SET "due_at" = "leased_until";--> statement-breakpoint
CREATE UNIQUE INDEX "job_runs_one_finished_per_period" ON "job_runs" USING btree ("name","period_start") WHERE "job_runs"."outcome" in ('ok', 'failed');--> statement-breakpoint
CREATE INDEX "job_runs_name_started" ON "job_runs" USING btree ("name","started_at");