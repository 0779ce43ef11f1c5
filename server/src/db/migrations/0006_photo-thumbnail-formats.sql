ALTER TABLE "medias" ADD COLUMN "thumb_webp_key" text;--> statement-breakpoint
ALTER TABLE "medias" ADD COLUMN "thumb_avif_key" text;