CREATE TABLE "store_bulk_run_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"position" integer NOT NULL,
	"order_id" text NOT NULL,
	"order_name" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"claimed_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"progress" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"results" jsonb,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "store_bulk_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"store_account_id" integer NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"total" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "store_bulk_run_orders" ADD CONSTRAINT "store_bulk_run_orders_run_id_store_bulk_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."store_bulk_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_bulk_runs" ADD CONSTRAINT "store_bulk_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_bulk_runs" ADD CONSTRAINT "store_bulk_runs_store_account_id_store_accounts_id_fk" FOREIGN KEY ("store_account_id") REFERENCES "public"."store_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "store_bulk_run_orders_key" ON "store_bulk_run_orders" USING btree ("run_id","order_id");--> statement-breakpoint
CREATE INDEX "store_bulk_run_orders_run_idx" ON "store_bulk_run_orders" USING btree ("run_id","state","position");--> statement-breakpoint
CREATE INDEX "store_bulk_runs_running_idx" ON "store_bulk_runs" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "store_bulk_runs_user_idx" ON "store_bulk_runs" USING btree ("user_id","created_at");