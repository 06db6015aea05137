ALTER TABLE "store_activations" ADD COLUMN "refused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "store_activations" ADD COLUMN "refusal" jsonb;--> statement-breakpoint
ALTER TABLE "store_activations" ADD COLUMN "refusal_action" text;--> statement-breakpoint
ALTER TABLE "store_activations" ADD COLUMN "refusal_action_at" timestamp with time zone;
