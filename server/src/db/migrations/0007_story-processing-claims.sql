ALTER TABLE "stories" ADD COLUMN "processing_by" text;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "processing_until" timestamp with time zone;