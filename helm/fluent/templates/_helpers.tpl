{{/* Names: <release>-<component>, or the release name alone when it already says "fluent". */}}
{{- define "fluent.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 40 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 40 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 40 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{- define "fluent.labels" -}}
app.kubernetes.io/part-of: fluent
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
{{- end -}}

{{/* Selector labels of one component: (dict "root" $ "component" "gateway") */}}
{{- define "fluent.selector" -}}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end -}}

{{- define "fluent.image" -}}
{{- $root := .root -}}
{{- printf "%s/%s:%s" $root.Values.image.registry .name (default $root.Chart.AppVersion $root.Values.image.tag) -}}
{{- end -}}

{{- define "fluent.secretName" -}}
{{- default (printf "%s-secrets" (include "fluent.fullname" .)) .Values.secrets.existingSecret -}}
{{- end -}}

{{- define "fluent.publicHost" -}}
{{- $origin := required "publicOrigin is required: the https origin learners reach the site at (e.g. https://fluent.example.com)" .Values.publicOrigin -}}
{{- if not (regexMatch "^https?://[^/]+$" $origin) -}}
{{- fail (printf "publicOrigin must be an origin without a path, like https://fluent.example.com (got %s)" $origin) -}}
{{- end -}}
{{- regexReplaceAll "^https?://" $origin "" -}}
{{- end -}}

{{- define "fluent.natsUrl" -}}
{{- if .Values.nats.internal -}}
{{- printf "nats://%s-nats:4222" (include "fluent.fullname" .) -}}
{{- else -}}
{{- required "nats.url is required when nats.internal is false" .Values.nats.url -}}
{{- end -}}
{{- end -}}

{{/* Every NATS user of files/nats-permissions.json (generated from libs/contracts/src/nats/topology.json). */}}
{{- define "fluent.natsUsers" -}}
{{- (.Files.Get "files/nats-permissions.json" | fromJson).users | toJson -}}
{{- end -}}

{{- define "fluent.natsPasswordKey" -}}
{{- printf "nats-password-%s" . -}}
{{- end -}}

{{- define "fluent.mongodbHosts" -}}
{{- $full := include "fluent.fullname" . -}}
{{- $hosts := list -}}
{{- range $i := until (int .Values.mongodb.replicas) -}}
{{- $hosts = append $hosts (printf "%s-mongodb-%d.%s-mongodb-headless:27017" $full $i $full) -}}
{{- end -}}
{{- join "," $hosts -}}
{{- end -}}

{{/* The Secret key of an app's own MongoDB password (chart's MongoDB). */}}
{{- define "fluent.mongodbPasswordKey" -}}
{{- printf "mongodb-password-%s" . -}}
{{- end -}}

{{/*
The apps that use MongoDB, each with the collections it owns (apps.<name>.mongodbCollections), as
JSON: [{"app": "auth-service", "collections": [...]}, ...]. An app with the mongodb client and no
collections fails the render: its role would be empty.
*/}}
{{- define "fluent.mongodbApps" -}}
{{- $apps := list -}}
{{- range $name, $app := .Values.apps -}}
{{- if and $app.enabled (has "mongodb" ($app.clients | default list)) -}}
{{- if not $app.mongodbCollections -}}
{{- fail (printf "apps.%s.mongodbCollections is required: the collections it reads and writes (its database role holds only those)" $name) -}}
{{- end -}}
{{- $apps = append $apps (dict "app" $name "collections" $app.mongodbCollections) -}}
{{- end -}}
{{- end -}}
{{- toJson $apps -}}
{{- end -}}

{{/* fluent.mongodbApps with the environment variable holding each app's password, for the init Job. */}}
{{- define "fluent.mongodbInitUsers" -}}
{{- $users := list -}}
{{- range $a := (include "fluent.mongodbApps" . | fromJsonArray) -}}
{{- $users = append $users (merge (dict "passwordVariable" (printf "MONGODB_PASSWORD_%s" ($a.app | upper | replace "-" "_"))) $a) -}}
{{- end -}}
{{- toJson $users -}}
{{- end -}}

{{- define "fluent.keycloakUrl" -}}
{{- printf "http://%s-keycloak:8080" (include "fluent.fullname" .) -}}
{{- end -}}

{{/*
The Secret keys this configuration needs. Each is given in secrets.values, generated
(secrets.generate, dev only) or held by secrets.existingSecret.
*/}}
{{- define "fluent.requiredSecretKeys" -}}
{{- $keys := list "keycloak-web-client-secret" "keycloak-auth-client-secret" "keycloak-admin-password" "keycloak-db-password" -}}
{{- range $user := (include "fluent.natsUsers" . | fromJsonArray) -}}
{{- $keys = append $keys (include "fluent.natsPasswordKey" $user.user) -}}
{{- end -}}
{{- if .Values.nats.internal -}}
{{- $keys = append $keys "nats-route-password" -}}
{{- end -}}
{{- if .Values.mongodb.internal -}}
{{- $keys = concat $keys (list "mongodb-root-password" "mongodb-keyfile") -}}
{{- range $a := (include "fluent.mongodbApps" . | fromJsonArray) -}}
{{- $keys = append $keys (include "fluent.mongodbPasswordKey" $a.app) -}}
{{- end -}}
{{- else -}}
{{- $keys = append $keys "mongodb-uri" -}}
{{- end -}}
{{- if eq .Values.payments.mode "live" -}}
{{- $keys = concat $keys (list "stripe-secret-key" "stripe-publishable-key" "stripe-webhook-secret") -}}
{{- else -}}
{{- $keys = append $keys "stripe-webhook-secret" -}}
{{- end -}}
{{- if and (eq .Values.backup.target "s3") (or .Values.backup.mongodb.enabled .Values.backup.keycloak.enabled) -}}
{{- $keys = concat $keys (list "backup-s3-access-key-id" "backup-s3-secret-access-key") -}}
{{- end -}}
{{- toJson $keys -}}
{{- end -}}

{{/* Secret keys used when present (an app's secretEnv marks them optional). */}}
{{- define "fluent.optionalSecretKeys" -}}
{{- toJson (list "google-client-secret" "health-token") -}}
{{- end -}}

{{- define "fluent.podSecurityContext" -}}
runAsNonRoot: true
runAsUser: {{ .uid | default 10001 }}
runAsGroup: {{ .uid | default 10001 }}
fsGroup: {{ .uid | default 10001 }}
seccompProfile:
  type: RuntimeDefault
{{- end -}}

{{- define "fluent.containerSecurityContext" -}}
allowPrivilegeEscalation: false
readOnlyRootFilesystem: true
runAsNonRoot: true
privileged: false
capabilities:
  drop: ["ALL"]
seccompProfile:
  type: RuntimeDefault
{{- end -}}

{{/* Soft spread over nodes and zones: (dict "root" $ "component" "gateway") */}}
{{- define "fluent.topologySpread" -}}
{{- if and .root.Values.topologySpread.quorumSetsHard (has .component (list "nats" "mongodb" "keycloak")) }}
{{- /* A quorum set (NATS, MongoDB, Keycloak): two members on one node fall together, so never. */}}
affinity:
  podAntiAffinity:
    requiredDuringSchedulingIgnoredDuringExecution:
      - topologyKey: kubernetes.io/hostname
        labelSelector:
          matchLabels:
            {{- include "fluent.selector" . | nindent 12 }}
{{- end }}
{{- if .root.Values.topologySpread.enabled }}
topologySpreadConstraints:
  - maxSkew: {{ .root.Values.topologySpread.maxSkew }}
    topologyKey: kubernetes.io/hostname
    whenUnsatisfiable: ScheduleAnyway
    labelSelector:
      matchLabels:
        {{- include "fluent.selector" . | nindent 8 }}
  - maxSkew: {{ .root.Values.topologySpread.maxSkew }}
    topologyKey: topology.kubernetes.io/zone
    whenUnsatisfiable: ScheduleAnyway
    labelSelector:
      matchLabels:
        {{- include "fluent.selector" . | nindent 8 }}
{{- end }}
{{- end -}}

{{/* A secretKeyRef env entry: (dict "root" $ "name" "ENV" "key" "secret-key" "optional" false) */}}
{{- define "fluent.secretEnv" -}}
- name: {{ .name }}
  valueFrom:
    secretKeyRef:
      name: {{ include "fluent.secretName" .root }}
      key: {{ .key }}
      {{- if .optional }}
      optional: true
      {{- end }}
{{- end -}}

{{/* A list as a nats.conf array of quoted strings (toJson would escape ">" as \u003e, which nats-server refuses). */}}
{{- define "fluent.natsList" -}}
[{{- range $i, $s := . }}{{ if $i }}, {{ end }}"{{ $s }}"{{- end }}]
{{- end -}}

{{/*
The chart's nats.conf: the users and permissions of files/nats-permissions.json (generated from
libs/contracts/src/nats/topology.json), passwords from the environment ($NATS_PASSWORD_<USER>, the Secret).
*/}}
{{- define "fluent.natsConf" -}}
{{- $full := include "fluent.fullname" . -}}
{{- $users := include "fluent.natsUsers" . | fromJsonArray -}}
server_name: $POD_NAME
listen: 0.0.0.0:4222
http: 0.0.0.0:8222
pid_file: /tmp/nats.pid
lame_duck_duration: 30s
lame_duck_grace_period: 10s
jetstream {
  store_dir: /data/jetstream
  max_memory_store: {{ .Values.nats.jetstream.maxMemory }}
  max_file_store: {{ .Values.nats.jetstream.maxFile }}
}
cluster {
  name: {{ $full }}
  listen: 0.0.0.0:6222
  # Only a server that knows the route password joins (a pod that is not one of ours cannot); the
  # route URLs carrying it are the StatefulSet's --routes argument ("fluent.natsRoutes"), filled
  # from the Secret by Kubernetes, never written here.
  authorization { user: route, password: $NATS_ROUTE_PASSWORD, timeout: 2 }
  # --routes {{ include "fluent.natsRoutes" . }}
  {{- if .Values.nats.cluster.tls.secretName }}
  # Routes over mutual TLS: each server presents the certificate and checks the other's against the CA.
  tls {
    cert_file: /etc/nats/cluster-tls/tls.crt
    key_file: /etc/nats/cluster-tls/tls.key
    ca_file: /etc/nats/cluster-tls/ca.crt
    verify: true
    timeout: 3
  }
  {{- end }}
}
authorization {
  users: [
{{- range $i, $u := $users }}
    { user: {{ $u.user | quote }}, password: ${{ $u.passwordVariable }},
      permissions: { publish: { allow: {{ include "fluent.natsList" $u.publish }}{{ with $u.denyPublish }}, deny: {{ include "fluent.natsList" . }}{{ end }} }, subscribe: { allow: {{ include "fluent.natsList" $u.subscribe }} }{{ if $u.allowResponses }}, allow_responses: true{{ end }} } }{{ if lt (add1 $i) (len $users) }},{{ end }}
{{- end }}
  ]
}
{{- end -}}

{{/*
The cluster's route URLs for nats-server's --routes: each with the route user and
$(NATS_ROUTE_PASSWORD), which Kubernetes fills in from the container's environment (nats.conf cannot
put a variable inside a string, and a route without credentials is refused by the others).
*/}}
{{- define "fluent.natsRoutes" -}}
{{- $full := include "fluent.fullname" . -}}
{{- $routes := list -}}
{{- range $i := until (int .Values.nats.replicas) -}}
{{- $routes = append $routes (printf "nats://route:$(NATS_ROUTE_PASSWORD)@%s-nats-%d.%s-nats-headless:6222" $full $i $full) -}}
{{- end -}}
{{- join "," $routes -}}
{{- end -}}

{{- define "fluent.languagetoolUrl" -}}
{{- if .Values.languagetool.internal -}}
{{- printf "http://%s-languagetool:8010" (include "fluent.fullname" .) -}}
{{- else -}}
{{- required "languagetool.url is required when languagetool.internal is false" .Values.languagetool.url -}}
{{- end -}}
{{- end -}}

{{/*
When the JetStream setup Job runs in this install or upgrade: "pre-install", "post-install",
"pre-upgrade" or "post-upgrade" (and, stored with the revision, "post-rollback": a rollback to it
applies its topology after the older NATS servers and apps are back). Before the rollout needs a NATS that already runs with this
release's users and settings, and the Secret holding the setup user's password (values.yaml,
jetstreamSetup.when, says when that is).
*/}}
{{- define "fluent.jetstreamSetupHook" -}}
{{- $when := .Values.jetstreamSetup.when -}}
{{- if not (has $when (list "auto" "beforeRollout" "afterRollout")) -}}
{{- fail (printf "jetstreamSetup.when must be auto, beforeRollout or afterRollout (got %s)" $when) -}}
{{- end -}}
{{- $before := false -}}
{{- if .Release.IsInstall -}}
{{- /* On install the chart's NATS, and the chart's own Secret, are created by this very release. */ -}}
{{- $possible := and (not .Values.nats.internal) (ne .Values.secrets.existingSecret "") -}}
{{- if and (eq $when "beforeRollout") (not $possible) -}}
{{- fail "jetstreamSetup.when=beforeRollout cannot be met on this install: it needs an external NATS (nats.internal=false) and secrets.existingSecret; the chart's NATS and Secret are created by the release itself (use auto)" -}}
{{- end -}}
{{- $before = and $possible (ne $when "afterRollout") -}}
{{- else if eq $when "beforeRollout" -}}
{{- $before = true -}}
{{- else if eq $when "auto" -}}
{{- if not .Values.nats.internal -}}
{{- $before = true -}}
{{- else -}}
{{- /* The chart's NATS: before only when every server already runs this render's nats.conf. */ -}}
{{- $sts := lookup "apps/v1" "StatefulSet" .Release.Namespace (printf "%s-nats" (include "fluent.fullname" .)) | default dict -}}
{{- $running := dig "spec" "template" "metadata" "annotations" "checksum/config" "" $sts -}}
{{- $current := dig "status" "currentRevision" "" $sts -}}
{{- $settled := and (ne $current "") (eq $current (dig "status" "updateRevision" "" $sts)) -}}
{{- $before = and $settled (eq $running (include "fluent.natsConf" . | sha256sum)) -}}
{{- end -}}
{{- end -}}
{{- $phase := ternary "install" "upgrade" .Release.IsInstall -}}
{{- printf "%s-%s,post-rollback" (ternary "pre" "post" $before) $phase -}}
{{- end -}}
