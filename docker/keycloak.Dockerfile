# syntax=docker/dockerfile:1.7
# Keycloak for the Helm chart: the official image, built once for PostgreSQL with health checks,
# so `kc.sh start --optimized` needs no build at start and runs on a read-only root filesystem.
#   docker build -f docker/keycloak.Dockerfile -t <registry>/keycloak:<tag> .
# The realm is not baked in: the chart mounts deploy/keycloak/realm.json from a ConfigMap.
ARG KEYCLOAK_IMAGE=quay.io/keycloak/keycloak:26.4.7

FROM ${KEYCLOAK_IMAGE} AS builder
ENV KC_DB=postgres KC_HEALTH_ENABLED=true KC_METRICS_ENABLED=true KC_CACHE=ispn
RUN /opt/keycloak/bin/kc.sh build

FROM ${KEYCLOAK_IMAGE}
COPY --from=builder /opt/keycloak/ /opt/keycloak/
USER 1000
HEALTHCHECK --interval=30s --timeout=5s --start-period=120s --retries=3 CMD ["bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/9000 && printf 'GET /health/live HTTP/1.0\\r\\n\\r\\n' >&3 && grep -q ' 200 ' <&3"]
ENTRYPOINT ["/opt/keycloak/bin/kc.sh"]
