CREATE TABLE "repayment_sheet_items" (
	"sheet_id" integer NOT NULL,
	"repayment_id" integer NOT NULL,
	"amount_bani" bigint NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "repayment_sheet_items_sheet_id_repayment_id_pk" PRIMARY KEY("sheet_id","repayment_id")
);
--> statement-breakpoint
CREATE TABLE "repayments_awaiting" (
	"repayment_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"reason" text NOT NULL,
	"bank_account" text,
	"bank_account_owner" text,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bank_statement_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"statement_id" bigint NOT NULL,
	"entry_ref" text,
	"amount_bani" bigint NOT NULL,
	"direction" text NOT NULL,
	"booking_date" date NOT NULL,
	"value_date" date,
	"reference" text,
	"debtor_name" text,
	"courier_id" text,
	"reported_bani" bigint,
	"outcome" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_statements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"account_iban" text NOT NULL,
	"statement_id" text NOT NULL,
	"statement_date" date NOT NULL,
	"opening_bani" bigint,
	"closing_bani" bigint,
	"file_name" text,
	"sha256" text NOT NULL,
	"uploaded_by" integer,
	"entry_count" integer DEFAULT 0 NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"client_id" integer,
	"requested_by" integer,
	"request_key" text,
	"message_id" text NOT NULL,
	"sheet_count" integer DEFAULT 0 NOT NULL,
	"total_bani" bigint DEFAULT 0 NOT NULL,
	"pain_xml" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "repayment_sheets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"run_id" integer NOT NULL,
	"sheet_date" date NOT NULL,
	"bank_account" text NOT NULL,
	"bank_account_owner" text NOT NULL,
	"bank_name" text NOT NULL,
	"amount_bani" bigint NOT NULL,
	"repayments_amount_bani" bigint NOT NULL,
	"end_to_end_id" text NOT NULL,
	"status" text DEFAULT 'paid' NOT NULL,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unprocessed_type" smallint,
	"returned_on" date,
	"mark_for_payment" boolean,
	"unprocessed_at" timestamp with time zone,
	"unprocessed_by" integer
);
--> statement-breakpoint
ALTER TABLE "reconciliation_flags" ADD COLUMN "bank_line_id" bigint;--> statement-breakpoint
ALTER TABLE "repayments" ADD COLUMN "received_line_id" bigint;--> statement-breakpoint
ALTER TABLE "repayments" ADD COLUMN "sheet_id" integer;--> statement-breakpoint
ALTER TABLE "repayments" ADD COLUMN "bank_account" text;--> statement-breakpoint
ALTER TABLE "repayments" ADD COLUMN "bank_account_owner" text;--> statement-breakpoint
ALTER TABLE "repayments" ADD COLUMN "bank_name" text;--> statement-breakpoint
ALTER TABLE "repayment_sheet_items" ADD CONSTRAINT "repayment_sheet_items_sheet_id_repayment_sheets_id_fk" FOREIGN KEY ("sheet_id") REFERENCES "public"."repayment_sheets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repayment_sheet_items" ADD CONSTRAINT "repayment_sheet_items_repayment_id_repayments_id_fk" FOREIGN KEY ("repayment_id") REFERENCES "public"."repayments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repayments_awaiting" ADD CONSTRAINT "repayments_awaiting_repayment_id_repayments_id_fk" FOREIGN KEY ("repayment_id") REFERENCES "public"."repayments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repayments_awaiting" ADD CONSTRAINT "repayments_awaiting_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_statement_id_bank_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."bank_statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_runs" ADD CONSTRAINT "payout_runs_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_runs" ADD CONSTRAINT "payout_runs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repayment_sheets" ADD CONSTRAINT "repayment_sheets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repayment_sheets" ADD CONSTRAINT "repayment_sheets_run_id_payout_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."payout_runs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repayment_sheets" ADD CONSTRAINT "repayment_sheets_unprocessed_by_users_id_fk" FOREIGN KEY ("unprocessed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "repayment_sheet_items_live_key" ON "repayment_sheet_items" USING btree ("repayment_id") WHERE "repayment_sheet_items"."released_at" is null;--> statement-breakpoint
CREATE INDEX "repayments_awaiting_open_idx" ON "repayments_awaiting" USING btree ("user_id","since") WHERE "repayments_awaiting"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "bank_statement_lines_statement_idx" ON "bank_statement_lines" USING btree ("statement_id");--> statement-breakpoint
CREATE INDEX "bank_statement_lines_reference_idx" ON "bank_statement_lines" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statements_key" ON "bank_statements" USING btree ("account_iban","statement_id");--> statement-breakpoint
CREATE INDEX "bank_statements_date_idx" ON "bank_statements" USING btree ("statement_date");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_runs_message_key" ON "payout_runs" USING btree ("message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_runs_request_key" ON "payout_runs" USING btree ("request_key");--> statement-breakpoint
CREATE INDEX "payout_runs_started_idx" ON "payout_runs" USING btree ("started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "repayment_sheets_end_to_end_key" ON "repayment_sheets" USING btree ("end_to_end_id");--> statement-breakpoint
CREATE INDEX "repayment_sheets_user_date_idx" ON "repayment_sheets" USING btree ("user_id","sheet_date","id");--> statement-breakpoint
CREATE INDEX "repayment_sheets_run_idx" ON "repayment_sheets" USING btree ("run_id");--> statement-breakpoint
ALTER TABLE "reconciliation_flags" ADD CONSTRAINT "reconciliation_flags_bank_line_id_bank_statement_lines_id_fk" FOREIGN KEY ("bank_line_id") REFERENCES "public"."bank_statement_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repayments" ADD CONSTRAINT "repayments_sheet_id_repayment_sheets_id_fk" FOREIGN KEY ("sheet_id") REFERENCES "public"."repayment_sheets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "repayments_received_idx" ON "repayments" USING btree ("user_id","received_on") WHERE "repayments"."status" = 'received';--> statement-breakpoint
CREATE INDEX "repayments_sheet_idx" ON "repayments" USING btree ("sheet_id");