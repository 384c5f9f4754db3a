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

{{/* Every NATS user of files/nats-permissions.json (generated from tools/stack/nats-auth.mjs). */}}
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
{{- if .Values.mongodb.internal -}}
{{- $keys = concat $keys (list "mongodb-root-password" "mongodb-app-password" "mongodb-keyfile") -}}
{{- else -}}
{{- $keys = append $keys "mongodb-uri" -}}
{{- end -}}
{{- if eq .Values.payments.mode "live" -}}
{{- $keys = concat $keys (list "stripe-secret-key" "stripe-publishable-key" "stripe-webhook-secret") -}}
{{- else -}}
{{- $keys = append $keys "stripe-webhook-secret" -}}
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
