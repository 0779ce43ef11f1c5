ALTER TABLE "medias" ADD COLUMN "scheduled_for" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "scheduled_for" timestamp with time zone;