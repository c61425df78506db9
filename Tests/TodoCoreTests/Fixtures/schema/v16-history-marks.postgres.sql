--
-- PostgreSQL database dump
--


-- Dumped from database version 15.18 (Debian 15.18-0+deb12u1)
-- Dumped by pg_dump version 15.18 (Debian 15.18-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Name: persistence_contains(text, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.persistence_contains(haystack text, needle text) RETURNS boolean
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS $$
  SELECT needle = '' OR strpos(lower(haystack COLLATE "und-x-icu"), lower(needle COLLATE "und-x-icu")) > 0
$$;


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: access_token; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.access_token (
    id bytea NOT NULL,
    version bigint DEFAULT 1 NOT NULL,
    "accountID" bytea NOT NULL,
    name text NOT NULL COLLATE pg_catalog."C",
    "secretHash" text NOT NULL COLLATE pg_catalog."C",
    scope text NOT NULL COLLATE pg_catalog."C",
    "createdAt" double precision NOT NULL,
    "lastUsedAt" double precision
);


--
-- Name: account; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.account (
    id bytea NOT NULL,
    version bigint DEFAULT 1 NOT NULL,
    name text NOT NULL COLLATE pg_catalog."C",
    "nameKey" text NOT NULL COLLATE pg_catalog."C",
    "passwordHash" text NOT NULL COLLATE pg_catalog."C",
    "inboxID" bytea NOT NULL,
    "createdAt" double precision NOT NULL,
    "updatedAt" double precision NOT NULL,
    "timeZone" text COLLATE pg_catalog."C",
    email text COLLATE pg_catalog."C",
    digest bigint
);


--
-- Name: account_session; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.account_session (
    id bytea NOT NULL,
    version bigint DEFAULT 1 NOT NULL,
    "accountID" bytea NOT NULL,
    "secretHash" text NOT NULL COLLATE pg_catalog."C",
    "csrfToken" text NOT NULL COLLATE pg_catalog."C",
    "createdAt" double precision NOT NULL,
    "lastSeenAt" double precision NOT NULL
);


--
-- Name: calendar_data; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.calendar_data (
    id bytea NOT NULL,
    version bigint DEFAULT 1 NOT NULL,
    uid text NOT NULL COLLATE pg_catalog."C",
    "dueLine" text COLLATE pg_catalog."C",
    kept text NOT NULL COLLATE pg_catalog."C",
    "resourceName" text COLLATE pg_catalog."C"
);


--
-- Name: calendar_list_data; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.calendar_list_data (
    id bytea NOT NULL,
    version bigint DEFAULT 1 NOT NULL,
    color text COLLATE pg_catalog."C",
    segment text COLLATE pg_catalog."C",
    summary text COLLATE pg_catalog."C",
    "timeZone" text COLLATE pg_catalog."C",
    "calendarOrder" bigint
);


--
-- Name: calendar_tombstone; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.calendar_tombstone (
    id bytea NOT NULL,
    version bigint DEFAULT 1 NOT NULL,
    "listID" bytea NOT NULL,
    name text NOT NULL COLLATE pg_catalog."C",
    at double precision NOT NULL
);


--
-- Name: digest_record; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.digest_record (
    id bytea NOT NULL,
    version bigint DEFAULT 1 NOT NULL,
    day text NOT NULL COLLATE pg_catalog."C"
);


--
-- Name: history_mark; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.history_mark (
    id bytea NOT NULL,
    version bigint DEFAULT 1 NOT NULL,
    at double precision NOT NULL,
    sequence bigint NOT NULL
);


--
-- Name: list_share; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.list_share (
    id bytea NOT NULL,
    version bigint DEFAULT 1 NOT NULL,
    "listID" bytea NOT NULL,
    "accountID" bytea NOT NULL,
    role text NOT NULL COLLATE pg_catalog."C",
    "updatedAt" double precision NOT NULL
);


--
-- Name: persistence_changes; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.persistence_changes (
    sequence bigint NOT NULL,
    entity text NOT NULL,
    inserted bytea NOT NULL,
    updated bytea NOT NULL,
    deleted bytea NOT NULL
);


--
-- Name: persistence_migrations; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.persistence_migrations (
    identifier text NOT NULL,
    "position" integer NOT NULL
);


--
-- Name: persistence_state; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.persistence_state (
    id integer NOT NULL,
    sequence bigint NOT NULL
);


--
-- Name: reminder; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.reminder (
    id bytea NOT NULL,
    version bigint DEFAULT 1 NOT NULL,
    "todoID" bytea NOT NULL,
    "accountID" bytea,
    at double precision,
    "offset" bigint,
    "snoozedUntil" double precision,
    "firedFor" double precision,
    "fireAt" double precision,
    "ringingSince" double precision,
    late bigint,
    "createdAt" double precision NOT NULL,
    "calendarText" text COLLATE pg_catalog."C"
);


--
-- Name: saved_filter; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.saved_filter (
    id bytea NOT NULL,
    version bigint DEFAULT 1 NOT NULL,
    name text NOT NULL COLLATE pg_catalog."C",
    query text NOT NULL COLLATE pg_catalog."C",
    "order" text NOT NULL COLLATE pg_catalog."C",
    "ownerID" bytea,
    "createdAt" double precision NOT NULL,
    "updatedAt" double precision NOT NULL
);


--
-- Name: sign_in_throttle; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.sign_in_throttle (
    id bytea NOT NULL,
    version bigint DEFAULT 1 NOT NULL,
    key text NOT NULL COLLATE pg_catalog."C",
    failures bigint NOT NULL,
    "lastFailureAt" double precision NOT NULL
);


--
-- Name: todo; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.todo (
    id bytea NOT NULL,
    version bigint DEFAULT 1 NOT NULL,
    "listID" bytea NOT NULL,
    title text NOT NULL COLLATE pg_catalog."C",
    notes text NOT NULL COLLATE pg_catalog."C",
    deadline text COLLATE pg_catalog."C",
    status text NOT NULL COLLATE pg_catalog."C",
    "doneAt" double precision,
    section text COLLATE pg_catalog."C",
    "order" text NOT NULL COLLATE pg_catalog."C",
    "externalOrder" bigint,
    "createdAt" double precision NOT NULL,
    "updatedAt" double precision NOT NULL,
    "deletedAt" double precision,
    "repeatRule" text COLLATE pg_catalog."C",
    "repeatMode" text COLLATE pg_catalog."C",
    start text COLLATE pg_catalog."C",
    someday bigint,
    priority bigint,
    tags text COLLATE pg_catalog."C",
    "parentID" bytea,
    "assigneeID" bytea
);


--
-- Name: todo_completion; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.todo_completion (
    id bytea NOT NULL,
    version bigint DEFAULT 1 NOT NULL,
    "todoID" bytea NOT NULL,
    "doneAt" double precision NOT NULL,
    deadline text COLLATE pg_catalog."C"
);


--
-- Name: todo_list; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.todo_list (
    id bytea NOT NULL,
    version bigint DEFAULT 1 NOT NULL,
    name text NOT NULL COLLATE pg_catalog."C",
    "order" text NOT NULL COLLATE pg_catalog."C",
    "createdAt" double precision NOT NULL,
    "updatedAt" double precision NOT NULL,
    "deletedAt" double precision,
    "ownerID" bytea
);


--
-- Data for Name: access_token; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: account; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: account_session; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: calendar_data; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: calendar_list_data; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: calendar_tombstone; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: digest_record; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: history_mark; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: list_share; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: persistence_changes; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.persistence_changes VALUES (1, 'todo_list', '\x00000000000040008000000000000001', '\x', '\x');
INSERT INTO public.persistence_changes VALUES (2, 'todo', '\x6ed04b10d22845d9a1f622139b51e4e3', '\x', '\x');
INSERT INTO public.persistence_changes VALUES (3, 'todo', '\x63bc9edfea8f46b0ab9c5a8b445f4a43', '\x', '\x');
INSERT INTO public.persistence_changes VALUES (4, 'todo', '\x2d420216e35f48da809132af2daffb0b', '\x', '\x');
INSERT INTO public.persistence_changes VALUES (5, 'todo', '\x364e798939be46b2bec4d5b8399464ab', '\x', '\x');
INSERT INTO public.persistence_changes VALUES (6, 'todo', '\x', '\x63bc9edfea8f46b0ab9c5a8b445f4a43', '\x');
INSERT INTO public.persistence_changes VALUES (7, 'todo', '\x', '\x2d420216e35f48da809132af2daffb0b', '\x');
INSERT INTO public.persistence_changes VALUES (8, 'todo', '\x', '\x2d420216e35f48da809132af2daffb0b', '\x');
INSERT INTO public.persistence_changes VALUES (9, 'todo', '\x', '\x364e798939be46b2bec4d5b8399464ab', '\x');
INSERT INTO public.persistence_changes VALUES (10, 'todo_list', '\xe69e3c4558234e568e6691bb014d12b3', '\x', '\x');
INSERT INTO public.persistence_changes VALUES (11, 'todo', '\xdf61b84f34a145bf8c0471ee1004fabb', '\x', '\x');
INSERT INTO public.persistence_changes VALUES (12, 'todo', '\x9fb46b4f41a645efa29b0b53f8112427', '\x', '\x');


--
-- Data for Name: persistence_migrations; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.persistence_migrations VALUES ('todo_list/create', 1);
INSERT INTO public.persistence_migrations VALUES ('todo_list/owner', 2);
INSERT INTO public.persistence_migrations VALUES ('todo/create', 3);
INSERT INTO public.persistence_migrations VALUES ('todo/list-live-order', 4);
INSERT INTO public.persistence_migrations VALUES ('todo/store-version', 5);
INSERT INTO public.persistence_migrations VALUES ('todo/repeat', 6);
INSERT INTO public.persistence_migrations VALUES ('todo/start', 7);
INSERT INTO public.persistence_migrations VALUES ('todo/priority and tags', 8);
INSERT INTO public.persistence_migrations VALUES ('todo/subtasks', 9);
INSERT INTO public.persistence_migrations VALUES ('todo/assignees', 10);
INSERT INTO public.persistence_migrations VALUES ('account/create', 11);
INSERT INTO public.persistence_migrations VALUES ('account/time zone', 12);
INSERT INTO public.persistence_migrations VALUES ('account/mail', 13);
INSERT INTO public.persistence_migrations VALUES ('list_share/create', 14);
INSERT INTO public.persistence_migrations VALUES ('account_session/create', 15);
INSERT INTO public.persistence_migrations VALUES ('access_token/create', 16);
INSERT INTO public.persistence_migrations VALUES ('sign_in_throttle/create', 17);
INSERT INTO public.persistence_migrations VALUES ('calendar_data/create', 18);
INSERT INTO public.persistence_migrations VALUES ('calendar_data/resource name', 19);
INSERT INTO public.persistence_migrations VALUES ('calendar_tombstone/create', 20);
INSERT INTO public.persistence_migrations VALUES ('calendar_list_data/create', 21);
INSERT INTO public.persistence_migrations VALUES ('calendar_list_data/collection names', 22);
INSERT INTO public.persistence_migrations VALUES ('todo_completion/create', 23);
INSERT INTO public.persistence_migrations VALUES ('reminder/create', 24);
INSERT INTO public.persistence_migrations VALUES ('reminder/calendar text', 25);
INSERT INTO public.persistence_migrations VALUES ('digest_record/create', 26);
INSERT INTO public.persistence_migrations VALUES ('saved_filter/create', 27);
INSERT INTO public.persistence_migrations VALUES ('history_mark/create', 28);


--
-- Data for Name: persistence_state; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.persistence_state VALUES (1, 12);


--
-- Data for Name: reminder; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: saved_filter; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: sign_in_throttle; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: todo; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.todo VALUES ('\x6ed04b10d22845d9a1f622139b51e4e3', 1, '\x00000000000040008000000000000001', 'Buy milk', 'Two litres, the blue cap', '2026-12-01', 'notStarted', NULL, 'Dairy', 'V', NULL, 1795911870.2126305, 1795911870.2126305, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO public.todo VALUES ('\x63bc9edfea8f46b0ab9c5a8b445f4a43', 2, '\x00000000000040008000000000000001', 'Write the report', 'Q4 numbers', '2026-12-03T09:30', 'inProgress', NULL, NULL, 'W', NULL, 1795911870.313611, 1795911870.6851678, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO public.todo VALUES ('\x2d420216e35f48da809132af2daffb0b', 3, '\x00000000000040008000000000000001', 'Call the plumber', '', NULL, 'done', 1795911870.892377, NULL, 'U', NULL, 1795911870.3964846, 1795911871.1146986, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO public.todo VALUES ('\x364e798939be46b2bec4d5b8399464ab', 2, '\x00000000000040008000000000000001', 'Old thing', '', NULL, 'notStarted', NULL, NULL, 'Y', NULL, 1795911870.4883094, 1795911870.4883094, 1795911871.305839, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO public.todo VALUES ('\xdf61b84f34a145bf8c0471ee1004fabb', 1, '\xe69e3c4558234e568e6691bb014d12b3', 'Apples', '', NULL, 'notStarted', NULL, NULL, 'V', NULL, 1795911871.5032954, 1795911871.5032954, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO public.todo VALUES ('\x9fb46b4f41a645efa29b0b53f8112427', 1, '\xe69e3c4558234e568e6691bb014d12b3', 'Pears 🍐', '', NULL, 'notStarted', NULL, 'Fruit', 'W', NULL, 1795911871.6096644, 1795911871.6096644, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);


--
-- Data for Name: todo_completion; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: todo_list; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.todo_list VALUES ('\x00000000000040008000000000000001', 1, 'Inbox', 'V', 1795911870.2034023, 1795911870.2034023, NULL, NULL);
INSERT INTO public.todo_list VALUES ('\xe69e3c4558234e568e6691bb014d12b3', 1, 'Shopping', 'W', 1795911871.3955703, 1795911871.3955703, NULL, NULL);


--
-- Name: access_token access_token_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.access_token
    ADD CONSTRAINT access_token_pkey PRIMARY KEY (id);


--
-- Name: account account_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.account
    ADD CONSTRAINT account_pkey PRIMARY KEY (id);


--
-- Name: account_session account_session_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.account_session
    ADD CONSTRAINT account_session_pkey PRIMARY KEY (id);


--
-- Name: calendar_data calendar_data_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.calendar_data
    ADD CONSTRAINT calendar_data_pkey PRIMARY KEY (id);


--
-- Name: calendar_list_data calendar_list_data_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.calendar_list_data
    ADD CONSTRAINT calendar_list_data_pkey PRIMARY KEY (id);


--
-- Name: calendar_tombstone calendar_tombstone_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.calendar_tombstone
    ADD CONSTRAINT calendar_tombstone_pkey PRIMARY KEY (id);


--
-- Name: digest_record digest_record_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.digest_record
    ADD CONSTRAINT digest_record_pkey PRIMARY KEY (id);


--
-- Name: history_mark history_mark_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.history_mark
    ADD CONSTRAINT history_mark_pkey PRIMARY KEY (id);


--
-- Name: list_share list_share_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.list_share
    ADD CONSTRAINT list_share_pkey PRIMARY KEY (id);


--
-- Name: persistence_changes persistence_changes_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.persistence_changes
    ADD CONSTRAINT persistence_changes_pkey PRIMARY KEY (sequence);


--
-- Name: persistence_migrations persistence_migrations_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.persistence_migrations
    ADD CONSTRAINT persistence_migrations_pkey PRIMARY KEY (identifier);


--
-- Name: persistence_state persistence_state_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.persistence_state
    ADD CONSTRAINT persistence_state_pkey PRIMARY KEY (id);


--
-- Name: reminder reminder_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.reminder
    ADD CONSTRAINT reminder_pkey PRIMARY KEY (id);


--
-- Name: saved_filter saved_filter_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.saved_filter
    ADD CONSTRAINT saved_filter_pkey PRIMARY KEY (id);


--
-- Name: sign_in_throttle sign_in_throttle_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sign_in_throttle
    ADD CONSTRAINT sign_in_throttle_pkey PRIMARY KEY (id);


--
-- Name: todo_completion todo_completion_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.todo_completion
    ADD CONSTRAINT todo_completion_pkey PRIMARY KEY (id);


--
-- Name: todo_list todo_list_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.todo_list
    ADD CONSTRAINT todo_list_pkey PRIMARY KEY (id);


--
-- Name: todo todo_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.todo
    ADD CONSTRAINT todo_pkey PRIMARY KEY (id);


--
-- Name: access_token_account; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX access_token_account ON public.access_token USING btree ("accountID");


--
-- Name: account_name_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX account_name_key ON public.account USING btree ("nameKey");


--
-- Name: account_session_account; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX account_session_account ON public.account_session USING btree ("accountID");


--
-- Name: calendar_data_resource_name; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX calendar_data_resource_name ON public.calendar_data USING btree ("resourceName");


--
-- Name: calendar_data_uid; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX calendar_data_uid ON public.calendar_data USING btree (uid);


--
-- Name: calendar_list_data_segment; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX calendar_list_data_segment ON public.calendar_list_data USING btree (segment);


--
-- Name: calendar_tombstone_list; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX calendar_tombstone_list ON public.calendar_tombstone USING btree ("listID");


--
-- Name: history_mark_at; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX history_mark_at ON public.history_mark USING btree (at);


--
-- Name: list_share_account; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX list_share_account ON public.list_share USING btree ("accountID");


--
-- Name: list_share_member; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX list_share_member ON public.list_share USING btree ("listID", "accountID");


--
-- Name: reminder_fire_at; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX reminder_fire_at ON public.reminder USING btree ("fireAt");


--
-- Name: reminder_ringing; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX reminder_ringing ON public.reminder USING btree ("accountID", "ringingSince");


--
-- Name: reminder_todo; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX reminder_todo ON public.reminder USING btree ("todoID");


--
-- Name: saved_filter_owner_order; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX saved_filter_owner_order ON public.saved_filter USING btree ("ownerID", "order");


--
-- Name: sign_in_throttle_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX sign_in_throttle_key ON public.sign_in_throttle USING btree (key);


--
-- Name: todo_assignee; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX todo_assignee ON public.todo USING btree ("assigneeID");


--
-- Name: todo_completion_todo; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX todo_completion_todo ON public.todo_completion USING btree ("todoID", "doneAt");


--
-- Name: todo_deleted; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX todo_deleted ON public.todo USING btree ("deletedAt");


--
-- Name: todo_list_live_order; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX todo_list_live_order ON public.todo USING btree ("listID", "deletedAt", "order", id);


--
-- Name: todo_list_order; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX todo_list_order ON public.todo USING btree ("listID", "order");


--
-- Name: todo_list_owner; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX todo_list_owner ON public.todo_list USING btree ("ownerID");


--
-- Name: todo_parent; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX todo_parent ON public.todo USING btree ("parentID");


--
-- PostgreSQL database dump complete
--


