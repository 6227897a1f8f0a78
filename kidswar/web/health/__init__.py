"""`/healthz` and `/readyz`: for a load balancer, systemd or a container's health check."""

from flask import Blueprint

bp = Blueprint("health", __name__)

from kidswar.web.health import routes  # noqa: E402, F401 (registers the routes on bp)
