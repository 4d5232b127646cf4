"""scikit-learn on arraykit arrays (``array_api_dispatch=True``) against the same on NumPy.

Every case fits/computes on arrays built with ``xp.asarray`` and returns the fitted
attributes and predictions; arrays must come back as arraykit arrays on the driver under
test.  Iterative solvers (lbfgs, EM) get a looser tolerance than closed forms.  PCA's
components are compared with their signs (scikit-learn's svd_flip fixes them); LDA's
discriminant directions up to the sign of each column (``signs=0``).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from clientcases import LOOSE, Case, blobs, check, data, ints, params, regression, xfail_on

sklearn = pytest.importorskip("sklearn", reason="scikit-learn is not installed")
pytest.importorskip("array_api_compat", reason="array-api-compat is not installed")

from sklearn import metrics  # noqa: E402
from sklearn.decomposition import PCA  # noqa: E402
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis  # noqa: E402
from sklearn.linear_model import (  # noqa: E402
    LogisticRegression,
    Ridge,
    RidgeClassifier,
    RidgeClassifierCV,
    RidgeCV,
)
from sklearn.metrics import pairwise  # noqa: E402
from sklearn.mixture import GaussianMixture  # noqa: E402
from sklearn.model_selection import cross_val_score, train_test_split  # noqa: E402
from sklearn.naive_bayes import GaussianNB  # noqa: E402
from sklearn.preprocessing import (  # noqa: E402
    Binarizer,
    KernelCenterer,
    LabelBinarizer,
    LabelEncoder,
    MaxAbsScaler,
    MinMaxScaler,
    Normalizer,
    StandardScaler,
    label_binarize,
    normalize,
)
from sklearn.utils.multiclass import type_of_target, unique_labels  # noqa: E402


def _pca(solver: str, **kw: Any):
    def fn(xp):
        x = data(xp, (40, 6), seed=1)
        p = PCA(n_components=3, svd_solver=solver, random_state=0, **kw).fit(x)
        t = p.transform(x)
        return p.components_, p.explained_variance_, p.singular_values_, t, p.inverse_transform(t)

    return fn


def _lda(solver: str, transform: bool = False):
    def fn(xp):
        x, y = blobs(xp)
        m = LinearDiscriminantAnalysis(solver=solver).fit(x, y)
        if transform:  # the discriminant directions: each column's sign is arbitrary
            return m.transform(x)
        return m.predict(x), m.predict_proba(x), m.decision_function(x), m.coef_

    return fn


def _ridge(**kw: Any):
    def fn(xp):
        x, y = regression(xp)
        m = Ridge(**kw).fit(x, y)
        return m.coef_, m.intercept_, m.predict(x)

    return fn


def _ridge_multi(xp):
    x, y = regression(xp, targets=3)
    m = Ridge(alpha=0.5).fit(x, y)
    return m.coef_, m.intercept_, m.predict(x)


def _ridge_cv(xp):
    x, y = regression(xp)
    m = RidgeCV(alphas=(0.1, 1.0, 10.0)).fit(x, y)
    return m.coef_, m.alpha_, m.best_score_, m.predict(x)


def _ridge_classifier(xp):
    x, y = blobs(xp)
    m = RidgeClassifier(alpha=0.3).fit(x, y)
    return m.coef_, m.decision_function(x), m.predict(x)


def _ridge_classifier_cv(xp):
    x, y = blobs(xp)
    m = RidgeClassifierCV(alphas=(0.1, 1.0, 10.0)).fit(x, y)
    return m.coef_, m.alpha_, m.predict(x)


def _logistic(xp):
    x, y = blobs(xp, seed=3)
    m = LogisticRegression(solver="lbfgs", C=0.5, max_iter=500, tol=1e-10).fit(x, y)
    return m.coef_, m.intercept_, m.predict_proba(x), m.predict(x)


def _gaussian_nb(xp):
    x, y = blobs(xp, seed=4)
    m = GaussianNB().fit(x, y)
    return m.theta_, m.var_, m.class_prior_, m.predict_proba(x), m.predict(x)


def _gaussian_mixture(cov: str):
    def fn(xp):
        x, _ = blobs(xp, seed=5, d=2)
        m = GaussianMixture(
            n_components=3, covariance_type=cov, init_params="random_from_data", random_state=0
        )
        m.fit(x)
        return m.means_, m.weights_, m.predict(x), m.score_samples(x)

    return fn


def _scaler(cls: type, **kw: Any):
    def fn(xp):
        x = data(xp, (20, 4), seed=6, low=-3, high=5)
        s = cls(**kw).fit(x)
        t = s.transform(x)
        return t, s.inverse_transform(t) if hasattr(s, "inverse_transform") else t

    return fn


def _labels(xp):
    y = xp.asarray([3, 1, 3, 7, 1, 1])
    le = LabelEncoder().fit(y)
    enc = le.transform(y)
    return le.classes_, enc, le.inverse_transform(enc)


def _label_binarizer(xp):
    y = xp.asarray([3, 1, 3, 7, 1, 1])
    lb = LabelBinarizer().fit(y)
    t = lb.transform(y)
    return lb.classes_, t, lb.inverse_transform(t)


def _label_binarize(xp):
    return label_binarize(xp.asarray([0, 2, 1, 2]), classes=[0, 1, 2])


def _kernel_centerer(xp):
    x = data(xp, (8, 3), seed=7)
    k = x @ x.T
    return KernelCenterer().fit_transform(k)


def _binarizer(xp):
    return Binarizer(threshold=0.2).fit_transform(data(xp, (6, 3), seed=8))


def _normalize(norm: str):
    def fn(xp):
        x = data(xp, (6, 3), seed=9)
        return normalize(x, norm=norm), Normalizer(norm=norm).fit_transform(x)

    return fn


# Classification metrics ------------------------------------------------------------------


def _cls_labels(xp, binary: bool = False):
    n = 2 if binary else 3
    return ints(xp, (50,), n, seed=10), ints(xp, (50,), n, seed=11)


def _multilabel(xp):
    return ints(xp, (30, 3), 2, seed=12), ints(xp, (30, 3), 2, seed=13)


def _avg_metric(func: Any, average: str | None, **kw: Any):
    def fn(xp):
        if average == "samples":
            yt, yp = _multilabel(xp)
        else:
            yt, yp = _cls_labels(xp, binary=average == "binary")
        return func(yt, yp, average=average, **kw)

    return fn


def _plain_metric(func: Any, multilabel: bool = False, **kw: Any):
    def fn(xp):
        yt, yp = _multilabel(xp) if multilabel else _cls_labels(xp)
        return func(yt, yp, **kw)

    return fn


def _proba_metric(func: Any, binary: bool = False, **kw: Any):
    def fn(xp):
        yt = ints(xp, (30,), 2 if binary else 3, seed=14)
        p = data(xp, (30, 3), seed=15, low=0.05, high=1.0)
        p = p[:, 0] if binary else p / xp.sum(p, axis=1, keepdims=True)
        return func(yt, p, **kw)

    return fn


def _reg_metric(func: Any, multioutput: str | None = None, positive: bool = False):
    def fn(xp):
        low = 0.1 if positive else -2.0
        shape = (25, 3) if multioutput else (25,)
        yt, yp = (
            data(xp, shape, seed=16, low=low, high=3),
            data(xp, shape, seed=17, low=low, high=3),
        )
        if multioutput:
            return func(yt, yp, multioutput=multioutput)
        return func(yt, yp)

    return fn


def _pairwise(func: Any, two: bool = True, positive: bool = False, **kw: Any):
    def fn(xp):
        low = 0.0 if positive else -1.0
        x, y = data(xp, (7, 4), seed=18, low=low), data(xp, (5, 4), seed=19, low=low)
        return func(x, y, **kw) if two else func(x, **kw)

    return fn


def _paired(func: Any):
    def fn(xp):
        return func(data(xp, (7, 4), seed=18), data(xp, (7, 4), seed=19))

    return fn


def _split(xp):
    x, y = blobs(xp, n=30)
    return train_test_split(x, y, test_size=0.3, random_state=0, shuffle=True)


def _cross_val(xp):
    x, y = regression(xp, n=30)
    return cross_val_score(Ridge(alpha=1.0), x, y, cv=3)


def _unique_labels(xp):
    return unique_labels(xp.asarray([3, 1, 3]), xp.asarray([2, 1]))


def _type_of_target(xp):
    return (
        type_of_target(xp.asarray([0, 1, 1])),
        type_of_target(xp.asarray([0, 2, 1])),
        type_of_target(xp.asarray([0.5, 1.5])),
        type_of_target(xp.asarray([[0, 1], [1, 1]])),
    )


_AVERAGES = (None, "micro", "macro", "weighted", "binary", "samples")

CASES: list[Case] = [
    Case("pca_full", _pca("full")),
    Case("pca_covariance_eigh", _pca("covariance_eigh")),
    Case("pca_randomized", _pca("randomized", power_iteration_normalizer="QR")),
    Case("pca_whiten", _pca("full", whiten=True)),
    Case("lda_svd", _lda("svd")),
    Case("lda_svd_transform", _lda("svd", transform=True), signs=0),
    Case("lda_eigen", _lda("eigen")),
    Case("lda_eigen_transform", _lda("eigen", transform=True), signs=0),
    Case("ridge_default", _ridge(alpha=0.7)),
    Case("ridge_svd", _ridge(alpha=0.7, solver="svd")),
    Case("ridge_no_intercept", _ridge(alpha=0.7, fit_intercept=False)),
    Case("ridge_multitarget", _ridge_multi),
    Case("ridge_cv", _ridge_cv),
    Case("ridge_classifier", _ridge_classifier),
    Case("ridge_classifier_cv", _ridge_classifier_cv),
    Case("logistic_lbfgs", _logistic, rtol=LOOSE, atol=LOOSE),
    Case("gaussian_nb", _gaussian_nb),
    Case("gaussian_mixture_full", _gaussian_mixture("full"), rtol=LOOSE, atol=LOOSE),
    Case("gaussian_mixture_diag", _gaussian_mixture("diag"), rtol=LOOSE, atol=LOOSE),
    Case("standard_scaler", _scaler(StandardScaler)),
    Case("standard_scaler_no_mean", _scaler(StandardScaler, with_mean=False)),
    Case("minmax_scaler", _scaler(MinMaxScaler, feature_range=(-1, 2))),
    Case("maxabs_scaler", _scaler(MaxAbsScaler)),
    Case("kernel_centerer", _kernel_centerer),
    Case("binarizer", _binarizer),
    Case("normalize_l1", _normalize("l1")),
    Case("normalize_l2", _normalize("l2")),
    Case("normalize_max", _normalize("max")),
    Case("label_encoder", _labels),
    Case("label_binarizer", _label_binarizer),
    Case("label_binarize", _label_binarize),
    *[
        Case(f"{f.__name__}_{a}", _avg_metric(f, a))
        for f in (metrics.f1_score, metrics.precision_score, metrics.recall_score)
        for a in _AVERAGES
    ],
    *[
        Case(f"fbeta_score_{a}", _avg_metric(metrics.fbeta_score, a, beta=0.5))
        for a in ("macro", "weighted")
    ],
    *[
        Case(f"jaccard_score_{a}", _avg_metric(metrics.jaccard_score, a))
        for a in ("micro", "macro", "weighted")
    ],
    Case("accuracy_score", _plain_metric(metrics.accuracy_score)),
    Case("accuracy_score_multilabel", _plain_metric(metrics.accuracy_score, multilabel=True)),
    Case("zero_one_loss", _plain_metric(metrics.zero_one_loss)),
    Case("hamming_loss", _plain_metric(metrics.hamming_loss, multilabel=True)),
    Case("confusion_matrix", _plain_metric(metrics.confusion_matrix)),
    Case("confusion_matrix_norm", _plain_metric(metrics.confusion_matrix, normalize="true")),
    Case("multilabel_confusion_matrix", _plain_metric(metrics.multilabel_confusion_matrix)),
    Case("balanced_accuracy_score", _plain_metric(metrics.balanced_accuracy_score)),
    Case("matthews_corrcoef", _plain_metric(metrics.matthews_corrcoef)),
    Case("cohen_kappa_score", _plain_metric(metrics.cohen_kappa_score)),
    Case(
        "precision_recall_fscore_support",
        _avg_metric(metrics.precision_recall_fscore_support, "macro"),
    ),
    Case("log_loss", _proba_metric(metrics.log_loss)),
    Case("brier_score_loss", _proba_metric(metrics.brier_score_loss, binary=True)),
    Case("roc_auc_score", _proba_metric(metrics.roc_auc_score, binary=True)),
    Case(
        "roc_curve_all_thresholds",
        _proba_metric(metrics.roc_curve, binary=True, drop_intermediate=False),
    ),
    Case("average_precision_score", _proba_metric(metrics.average_precision_score, binary=True)),
    Case("det_curve", _proba_metric(metrics.det_curve, binary=True)),
    Case("top_k_accuracy_score", _proba_metric(metrics.top_k_accuracy_score, k=2)),
    Case("r2_score", _reg_metric(metrics.r2_score)),
    *[
        Case(f"r2_score_{m}", _reg_metric(metrics.r2_score, m))
        for m in ("raw_values", "uniform_average", "variance_weighted")
    ],
    *[
        Case(f"{f.__name__}_{m}", _reg_metric(f, m))
        for f in (
            metrics.mean_squared_error,
            metrics.mean_absolute_error,
            metrics.root_mean_squared_error,
        )
        for m in ("raw_values", "uniform_average")
    ],
    Case(
        "explained_variance_score",
        _reg_metric(metrics.explained_variance_score, "variance_weighted"),
    ),
    Case("mean_absolute_percentage_error", _reg_metric(metrics.mean_absolute_percentage_error)),
    Case("max_error", _reg_metric(metrics.max_error)),
    Case("median_absolute_error", _reg_metric(metrics.median_absolute_error)),
    Case("mean_squared_log_error", _reg_metric(metrics.mean_squared_log_error, positive=True)),
    Case("mean_poisson_deviance", _reg_metric(metrics.mean_poisson_deviance, positive=True)),
    Case("mean_gamma_deviance", _reg_metric(metrics.mean_gamma_deviance, positive=True)),
    Case("mean_tweedie_deviance", _reg_metric(metrics.mean_tweedie_deviance, positive=True)),
    Case("d2_tweedie_score", _reg_metric(metrics.d2_tweedie_score, positive=True)),
    Case("euclidean_distances", _pairwise(pairwise.euclidean_distances)),
    Case("euclidean_distances_squared", _pairwise(pairwise.euclidean_distances, squared=True)),
    Case("manhattan_distances", _pairwise(pairwise.manhattan_distances)),
    Case("cosine_similarity", _pairwise(pairwise.cosine_similarity)),
    Case("cosine_distances", _pairwise(pairwise.cosine_distances)),
    Case("pairwise_distances_euclid", _pairwise(metrics.pairwise_distances)),
    Case("pairwise_distances_self", _pairwise(metrics.pairwise_distances, two=False)),
    Case("pairwise_distances_l1", _pairwise(metrics.pairwise_distances, metric="manhattan")),
    Case("pairwise_distances_cosine", _pairwise(metrics.pairwise_distances, metric="cosine")),
    Case("linear_kernel", _pairwise(pairwise.linear_kernel)),
    Case("polynomial_kernel", _pairwise(pairwise.polynomial_kernel, degree=2)),
    Case("rbf_kernel", _pairwise(pairwise.rbf_kernel, gamma=0.5)),
    Case("sigmoid_kernel", _pairwise(pairwise.sigmoid_kernel)),
    Case("laplacian_kernel", _pairwise(pairwise.laplacian_kernel)),
    Case("chi2_kernel", _pairwise(pairwise.chi2_kernel, positive=True)),
    Case("additive_chi2_kernel", _pairwise(pairwise.additive_chi2_kernel, positive=True)),
    Case("pairwise_kernels_rbf", _pairwise(metrics.pairwise_kernels, metric="rbf")),
    Case("paired_euclidean_distances", _paired(pairwise.paired_euclidean_distances)),
    Case("paired_cosine_distances", _paired(pairwise.paired_cosine_distances)),
    Case("train_test_split", _split),
    # cross_val_score collects the scores in a NumPy array whatever the input
    Case("cross_val_score_ridge", _cross_val, native=False),
    Case("unique_labels", _unique_labels),
    Case("type_of_target", _type_of_target),
]


# Where the Dask driver cannot follow scikit-learn (see the reasons); every other case passes.
_DASK_UNSIZED = (
    "Dask driver: unique_values of a lazy array has an unknown (None) size until computed, "
    "and scikit-learn compares it with ints (unique_labels(...).shape[0] > 2 and the like)"
)
_DASK_MASK_SET = (
    "Dask driver: x[mask] = y[mask] (an array of values through a boolean mask) cannot be "
    "assigned lazily; scikit-learn's _incremental_mean_and_var and r2_score write so"
)
_DASK_XFAIL = dict.fromkeys(
    [
        *(f"{f}_score_{a}" for f in ("f1", "precision", "recall") for a in _AVERAGES),
        "lda_svd",
        "lda_eigen",
        "lda_svd_transform",
        "lda_eigen_transform",
        "ridge_classifier",
        "ridge_classifier_cv",
        "logistic_lbfgs",
        "gaussian_nb",
        "label_encoder",
        "label_binarizer",
        "label_binarize",
        "fbeta_score_macro",
        "fbeta_score_weighted",
        "jaccard_score_micro",
        "jaccard_score_macro",
        "jaccard_score_weighted",
        "accuracy_score",
        "accuracy_score_multilabel",
        "zero_one_loss",
        "hamming_loss",
        "multilabel_confusion_matrix",
        "matthews_corrcoef",
        "precision_recall_fscore_support",
        "log_loss",
        "brier_score_loss",
        "roc_curve_all_thresholds",
        "roc_auc_score",
        "average_precision_score",
        "det_curve",
        "top_k_accuracy_score",
        "unique_labels",
        "type_of_target",
    ],
    _DASK_UNSIZED,
) | dict.fromkeys(
    [
        "ridge_default",
        "ridge_svd",
        "ridge_no_intercept",
        "ridge_multitarget",
        "standard_scaler",
        "standard_scaler_no_mean",
        "r2_score",
        "r2_score_raw_values",
        "r2_score_uniform_average",
        "r2_score_variance_weighted",
        "explained_variance_score",
        "cross_val_score_ridge",
    ],
    _DASK_MASK_SET,
)
CASES = xfail_on("dask", _DASK_XFAIL, CASES)


@pytest.mark.parametrize("case", params(CASES))
def test_sklearn(case: Case, driver: Any, request: pytest.FixtureRequest) -> None:
    with sklearn.config_context(array_api_dispatch=True):
        check(case, driver, request)


def test_reference_is_numpy() -> None:
    """The NumPy side of the comparison really is NumPy (dispatch keeps the input's type)."""
    with sklearn.config_context(array_api_dispatch=True):
        x = data(np, (10, 3))
        assert isinstance(StandardScaler().fit_transform(x), np.ndarray)
